// See dct_encoder.hpp. libjpeg reports errors through on_error, which
// longjmps back into one of the C-style stage functions below (start,
// write_row, end); each sets its own jump point and holds no object with a
// destructor, and the C++ side owns the compressor and its output buffer,
// so nothing is skipped by a longjmp.
//
// The encoding is fixed so the same photo gives the same bytes on every
// machine: libjpeg's accurate integer DCT (its SIMD and C versions agree to
// the bit) and optimised Huffman tables (deterministic, and 5-10 % smaller).
#include "pdf/dct_encoder.hpp"

#include <algorithm>
// jpeglib.h needs size_t and FILE declared first.
#include <cstddef>
#include <cstdio>
#include <cstdlib>  // free: jpeg_mem_dest's buffer
#include <csetjmp>
#include <string>
#include <string_view>

#include <jpeglib.h>

#include "frame/photo.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

namespace {

// Quality 92 of libjpeg's scale. Measured on a 477-pixel photo (noisy, then
// blurred) converted from CMYK (4:4:4), against the converted pixels: 92
// gives 38.8 dB and 46.4 dB PSNR, errors of a level or two no one sees in a
// photo a few centimetres wide, at 132 KB and 68 KB (Flate: 624 KB and
// 548 KB); 95 costs a quarter more bytes for 1-3 dB, and 85 loses 2-3 dB.
// Chroma is sampled as the source's was: subsampling a 4:4:4 photo would
// save a quarter but lose 4 dB more, blurring the colour of thin edges
// (hair, glasses), while keeping a 4:2:0 photo's chroma at full resolution
// would store detail it never had, at a third more bytes.
constexpr int kQuality = 92;

struct Failure {
  jpeg_error_mgr manager;  // first: libjpeg hands back a pointer to it
  std::jmp_buf jump;
  char text[JMSG_LENGTH_MAX];
};

void on_error(j_common_ptr cinfo) {
  auto* failure = reinterpret_cast<Failure*>(cinfo->err);
  failure->manager.format_message(cinfo, failure->text);
  std::longjmp(failure->jump, 1);
}

bool start(jpeg_compress_struct* cinfo, Failure* failure, unsigned char** buffer, unsigned long* size, int across,
           int down) {
  if (setjmp(failure->jump)) return false;
  jpeg_mem_dest(cinfo, buffer, size);
  jpeg_set_defaults(cinfo);
  jpeg_set_quality(cinfo, kQuality, TRUE);
  for (int c = 0; c < cinfo->num_components; ++c) cinfo->comp_info[c].h_samp_factor = cinfo->comp_info[c].v_samp_factor = 1;
  cinfo->comp_info[0].h_samp_factor = across;  // luma: the others' factors are 1
  cinfo->comp_info[0].v_samp_factor = down;
  cinfo->dct_method = JDCT_ISLOW;
  cinfo->optimize_coding = TRUE;
  jpeg_start_compress(cinfo, TRUE);
  return true;
}

bool write_row(jpeg_compress_struct* cinfo, Failure* failure, unsigned char* row) {
  if (setjmp(failure->jump)) return false;
  jpeg_write_scanlines(cinfo, &row, 1);
  return true;
}

bool end(jpeg_compress_struct* cinfo, Failure* failure) {
  if (setjmp(failure->jump)) return false;
  jpeg_finish_compress(cinfo);
  return true;
}

}  // namespace

struct DctEncoder::State {
  Failure failure{};
  jpeg_compress_struct cinfo{};
  unsigned char* buffer = nullptr;  // malloc'd by libjpeg
  unsigned long size = 0;
  std::size_t row_bytes = 0;
  std::string row;  // a writable copy: jpeg_write_scanlines takes non-const rows

  [[noreturn]] void refuse() const {
    throw frame::PhotoProblem(std::string("could not be re-encoded as JPEG after its colours were converted (libjpeg: ") +
                                  failure.text + ")",
                              "convert the photo to sRGB with an image editor");
  }
  ~State() {
    jpeg_destroy_compress(&cinfo);
    std::free(buffer);
  }
};

DctEncoder::DctEncoder(int width, int height, int components, int chroma_across, int chroma_down)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.cinfo.err = jpeg_std_error(&s.failure.manager);
  s.failure.manager.error_exit = on_error;
  jpeg_create_compress(&s.cinfo);
  s.cinfo.image_width = static_cast<JDIMENSION>(width);
  s.cinfo.image_height = static_cast<JDIMENSION>(height);
  s.cinfo.input_components = components;
  s.cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  s.row_bytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(components);
  s.row.resize(s.row_bytes);
  const bool colour = components == 3;
  if (!start(&s.cinfo, &s.failure, &s.buffer, &s.size, colour ? std::clamp(chroma_across, 1, 4) : 1,
             colour ? std::clamp(chroma_down, 1, 4) : 1))
    s.refuse();
}

DctEncoder::~DctEncoder() = default;

void DctEncoder::add(const unsigned char* row) {
  State& s = *state_;
  s.row.assign(reinterpret_cast<const char*>(row), s.row_bytes);
  if (!write_row(&s.cinfo, &s.failure, reinterpret_cast<unsigned char*>(s.row.data()))) s.refuse();
}

void DctEncoder::finish(PoDoFo::PdfObject& object) {
  State& s = *state_;
  if (!end(&s.cinfo, &s.failure)) s.refuse();
  set_encoded_stream(object, std::string_view(reinterpret_cast<const char*>(s.buffer), s.size), "DCTDecode");
}

}  // namespace cvpdf::pdf
