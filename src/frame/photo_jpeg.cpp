// JPEG photos with libjpeg (libjpeg-turbo): the header, then a full decode
// into one reused scanline, so that a truncated, damaged or unsupported file
// is refused here rather than embedded as a broken image. The PDF backend
// embeds the original bytes (DCTDecode), so what must pass is what a PDF
// viewer decodes: baseline or progressive Huffman coding, 8-bit samples,
// gray, RGB/YCbCr or CMYK/YCCK. For --pdfa's colour conversion it also
// hands over the stored samples and the embedded ICC profile.
//
// libjpeg reports errors through error_exit, which must not return: it
// longjmps back to run_jpeg, a C-style function that holds no object with a
// destructor, and everything it allocates is in libjpeg's own pools (but
// the ICC profile, which libjpeg mallocs and read_jpeg frees).
#include <algorithm>
#include <csetjmp>
#include <cstdio>   // jpeglib.h needs FILE
#include <cstdlib>  // free: libjpeg's ICC profile
#include <string>

extern "C" {
#include <jerror.h>
#include <jpeglib.h>
}

#include <fmt/format.h>

#include "frame/photo_codecs.hpp"

namespace cvpdf::frame::detail {

namespace {

// A progressive JPEG may have very many scans, each a pass over the image
// (libjpeg-turbo's djpeg -maxscan guards the same).
constexpr int kMaxScans = 1000;
// The coefficient buffer of a 10000 × 10000 progressive 4:4:4 image is 600 MB.
constexpr long kMaxDecoderMemory = 1L << 30;
constexpr int kTooManyScans = -1;  // our own failure code

// The facts the header gives; plain data, filled inside run_jpeg.
struct JpegHeader {
  int width = 0, height = 0, components = 0, precision = 0;
  J_COLOR_SPACE colour_space = JCS_UNKNOWN;
  bool arithmetic = false, adobe = false;
  int chroma_across = 1, chroma_down = 1;  // luma samples a chroma sample spans
  JOCTET* icc = nullptr;  // the embedded ICC profile, when asked for: malloc'd by libjpeg, freed by read_jpeg
  unsigned int icc_size = 0;
};

// libjpeg's error manager first (libjpeg passes it back to us), then where to
// jump and what went wrong. Plain C data.
struct JpegFailure {
  jpeg_error_mgr manager;
  std::jmp_buf jump;
  int code;
  char text[JMSG_LENGTH_MAX];
  JDIMENSION width, height;  // from the frame header, when it was read before the failure
};

[[noreturn]] void fail(j_common_ptr cinfo, int code) {
  auto* failure = reinterpret_cast<JpegFailure*>(cinfo->err);
  failure->code = code;
  if (cinfo->is_decompressor) {
    failure->width = reinterpret_cast<j_decompress_ptr>(cinfo)->image_width;
    failure->height = reinterpret_cast<j_decompress_ptr>(cinfo)->image_height;
  }
  if (code == kTooManyScans)
    // Into the fixed buffer, allocating nothing: longjmp skips destructors.
    *fmt::format_to_n(failure->text, sizeof failure->text - 1, "more than {} scans", kMaxScans).out = '\0';
  else
    (*cinfo->err->format_message)(cinfo, failure->text);
  std::longjmp(failure->jump, 1);
}

void on_error(j_common_ptr cinfo) { fail(cinfo, cinfo->err->msg_code); }

// Warnings (level -1) about damaged data are failures: libjpeg would go on
// and decode gray blocks. Those about metadata are not.
void on_message(j_common_ptr cinfo, int level) {
  if (level >= 0) return;  // trace messages
  switch (cinfo->err->msg_code) {
    case JWRN_EXTRANEOUS_DATA:
    case JWRN_ADOBE_XFORM:
    case JWRN_JFIF_MAJOR:
    case JWRN_BOGUS_ICC:
      return;
    default:
      fail(cinfo, cinfo->err->msg_code);
  }
}

void on_progress(j_common_ptr cinfo) {
  if (cinfo->is_decompressor && reinterpret_cast<j_decompress_ptr>(cinfo)->input_scan_number > kMaxScans)
    fail(cinfo, kTooManyScans);
}

// Returns false when libjpeg failed (`failure` says why). With `decode`, runs
// the whole decompression when the header is within the caps.
// One CMYK sample to RGB, as DeviceCMYK without a profile: 1 - min(1, c + k).
unsigned char cmyk_channel(unsigned c, unsigned k) { return static_cast<unsigned char>(c + k >= 255 ? 0 : 255 - c - k); }

// With a sink, each scanline goes to it as RGB, or with `raw` as the file
// stores it (gray, RGB, or CMYK with Adobe's inversion undone), and the
// embedded ICC profile is kept in `header`.
bool run_jpeg(const unsigned char* data, unsigned long size, bool decode, JpegHeader* header, JpegFailure* failure,
              const JpegRowSink* sink, bool raw) {
  jpeg_decompress_struct cinfo;
  jpeg_progress_mgr progress;
  cinfo.err = jpeg_std_error(&failure->manager);
  failure->manager.error_exit = on_error;
  failure->manager.emit_message = on_message;
  progress.progress_monitor = on_progress;
  if (setjmp(failure->jump)) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  cinfo.mem->max_memory_to_use = kMaxDecoderMemory;
  cinfo.progress = &progress;
  jpeg_mem_src(&cinfo, data, size);
  if (raw) jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);  // ICC_PROFILE chunks
  jpeg_read_header(&cinfo, TRUE);
  if (raw && !jpeg_read_icc_profile(&cinfo, &header->icc, &header->icc_size)) header->icc = nullptr;
  header->width = static_cast<int>(cinfo.image_width);
  header->height = static_cast<int>(cinfo.image_height);
  header->components = cinfo.num_components;
  header->precision = cinfo.data_precision;
  header->colour_space = cinfo.jpeg_color_space;
  header->arithmetic = cinfo.arith_code;
  header->adobe = cinfo.saw_Adobe_marker;
  if (cinfo.num_components >= 3 && cinfo.comp_info[1].h_samp_factor > 0 && cinfo.comp_info[1].v_samp_factor > 0) {
    header->chroma_across = cinfo.comp_info[0].h_samp_factor / cinfo.comp_info[1].h_samp_factor;
    header->chroma_down = cinfo.comp_info[0].v_samp_factor / cinfo.comp_info[1].v_samp_factor;
  }
  const bool within_caps = header->width > 0 && header->height > 0 && header->width <= kMaxPhotoSide &&
                           header->height <= kMaxPhotoSide && !header->arithmetic;
  if (decode && within_caps) {
    cinfo.dct_method = JDCT_ISLOW;
    const bool cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    const bool gray = cinfo.jpeg_color_space == JCS_GRAYSCALE;
    if (sink) cinfo.out_color_space = cmyk ? JCS_CMYK : raw && gray ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    JSAMPARRAY row = (*cinfo.mem->alloc_sarray)(reinterpret_cast<j_common_ptr>(&cinfo), JPOOL_IMAGE,
                                                cinfo.output_width * static_cast<JDIMENSION>(cinfo.output_components), 1);
    JSAMPARRAY rgb = sink && cmyk && !raw ? (*cinfo.mem->alloc_sarray)(reinterpret_cast<j_common_ptr>(&cinfo), JPOOL_IMAGE,
                                                               cinfo.output_width * 3, 1)
                                  : row;
    // Adobe's CMYK JPEGs store 255 - value (see read_jpeg).
    const unsigned flip = cinfo.saw_Adobe_marker ? 255 : 0;
    while (cinfo.output_scanline < cinfo.output_height) {
      jpeg_read_scanlines(&cinfo, row, 1);
      if (!sink) continue;
      if (cmyk && raw) {
        for (JDIMENSION x = 0; x < 4 * cinfo.output_width; ++x) row[0][x] = static_cast<JSAMPLE>(row[0][x] ^ flip);
      } else if (cmyk) {
        for (JDIMENSION x = 0; x < cinfo.output_width; ++x) {
          const JSAMPLE* p = row[0] + 4 * x;
          const unsigned k = p[3] ^ flip;
          for (int c = 0; c < 3; ++c) rgb[0][3 * x + static_cast<JDIMENSION>(c)] = cmyk_channel(p[c] ^ flip, k);
        }
      }
      (*sink)(rgb[0]);
    }
    jpeg_finish_decompress(&cinfo);
  }
  jpeg_destroy_decompress(&cinfo);
  return true;
}

[[noreturn]] void refuse(const JpegFailure& failure) {
  const std::string said = std::string(" (libjpeg: ") + failure.text + ")";
  switch (failure.code) {
    case JWRN_JPEG_EOF:
    case JERR_INPUT_EOF:
    case JWRN_HIT_MARKER:
      throw PhotoProblem("is a truncated JPEG file: its image data ends early" + said, kJpegHint);
    case JERR_NO_IMAGE:
    case JERR_SOF_NO_SOS:
      throw PhotoProblem("is a JPEG file with headers but no image data" + said, kJpegHint);
    case JERR_EMPTY_IMAGE:
      throw PhotoProblem("is damaged: its header gives it no pixels" + said, kJpegHint);
    case JERR_SOF_UNSUPPORTED:
      throw PhotoProblem("is a lossless or hierarchical JPEG, which PDF viewers cannot show" + said, kJpegHint);
    case JERR_BAD_PRECISION:
      throw PhotoProblem("has samples of more than 8 bits, which PDF viewers cannot show" + said, kJpegHint);
    case JERR_NO_BACKING_STORE:
    case JERR_OUT_OF_MEMORY:
      throw PhotoProblem("needs too much memory to decode" + said, "scale it down: a résumé photo needs about 1000 pixels a side");
    case kTooManyScans:
      throw PhotoProblem("is a progressive JPEG with more than " + std::to_string(kMaxScans) + " scans", kJpegHint);
    default:
      throw PhotoProblem("is a damaged JPEG file" + said, kJpegHint);
  }
}

}  // namespace

PhotoInfo read_jpeg(std::string_view bytes, bool decode, const JpegRowSink* sink, std::string* icc_profile) {
  JpegHeader header;
  JpegFailure failure{};
  const bool ran = run_jpeg(reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<unsigned long>(bytes.size()),
                            decode, &header, &failure, sink, icc_profile != nullptr);
  if (header.icc) {
    icc_profile->assign(reinterpret_cast<const char*>(header.icc), header.icc_size);
    std::free(header.icc);
  }
  if (!ran) {
    // An oversized frame header says more than what went wrong after it.
    PhotoInfo declared;
    declared.width = static_cast<int>(failure.width);
    declared.height = static_cast<int>(failure.height);
    if (declared.width > kMaxPhotoSide || declared.height > kMaxPhotoSide) check_pixel_size(declared, kJpegHint);
    refuse(failure);
  }
  PhotoInfo info;
  info.format = PhotoFormat::Jpeg;
  info.width = header.width;
  info.height = header.height;
  check_pixel_size(info, kJpegHint);
  if (header.arithmetic)
    throw PhotoProblem("is an arithmetic-coded JPEG, which many PDF viewers cannot show", kJpegHint);
  if (header.precision != 8)
    throw PhotoProblem("has " + std::to_string(header.precision) + "-bit samples; only 8-bit JPEGs can be shown", kJpegHint);
  switch (header.colour_space) {
    case JCS_GRAYSCALE: info.colour_components = 1; break;
    case JCS_RGB:
    case JCS_YCbCr: info.colour_components = 3; break;
    case JCS_CMYK:
    case JCS_YCCK: info.colour_components = 4; break;
    default:
      throw PhotoProblem("is a JPEG with " + std::to_string(header.components) +
                             " colour components, which is neither gray, RGB nor CMYK",
                         kJpegHint);
  }
  if (info.colour_components != header.components)
    throw PhotoProblem("is a JPEG whose colour space does not match its " + std::to_string(header.components) + " components",
                       kJpegHint);
  // Adobe's CMYK (and YCCK) JPEGs store inverted values; the PDF backend
  // gives them a /Decode array.
  info.inverted_cmyk = info.colour_components == 4 && header.adobe;
  info.chroma_across = std::max(1, header.chroma_across);
  info.chroma_down = std::max(1, header.chroma_down);
  return info;
}

}  // namespace cvpdf::frame::detail
