// PNG photos with libpng: the header and its colour chunks (iCCP, sRGB,
// gAMA, cHRM), then every row as 8-bit gray or RGB plus alpha (palettes
// expanded, tRNS turned into alpha, 16-bit samples scaled down, interlacing
// undone) for the PDF backend to compress.
//
// libpng reports errors through on_error, which longjmps back into one of
// the C-style stage functions below (read_header, prepare, read_rows). Each
// sets its own jump point and holds no object with a destructor; the C++
// caller owns the libpng structures (PngStructs, made before any jump point)
// and the row buffers, so nothing is skipped by a longjmp. A C++ exception
// never passes through libpng: the sink is called from read_rows itself.
#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "frame/photo_codecs.hpp"

namespace cvpdf::frame::detail {

namespace {

// Ancillary chunks (text, ICC profiles) libpng may allocate and inflate.
constexpr png_alloc_size_t kMaxChunkBytes = 8u << 20;

// Where libpng's errors jump to and what they said. Plain C data.
struct PngFailure {
  std::jmp_buf jump;
  bool armed;  // a stage function is running and `jump` is its jump point
  char text[256];
};

struct PngInput {
  const unsigned char* data;
  std::size_t size, at;
};

void on_error(png_structp png, png_const_charp message) {
  auto* failure = static_cast<PngFailure*>(png_get_error_ptr(png));
  // Into the fixed buffer, allocating nothing: longjmp skips destructors.
  *fmt::format_to_n(failure->text, sizeof failure->text - 1, "{}", message ? message : "").out = '\0';
  // Before a stage runs (while libpng makes its structures) returning lets
  // libpng use its own jump point.
  if (failure->armed) std::longjmp(failure->jump, 1);
}

void on_warning(png_structp, png_const_charp) {}  // ancillary trouble (a bad ICC profile) is no reason to refuse

void on_read(png_structp png, png_bytep out, png_size_t length) {
  auto* in = static_cast<PngInput*>(png_get_io_ptr(png));
  if (length > in->size - in->at) png_error(png, "the file ends early");
  std::memcpy(out, in->data + in->at, length);
  in->at += length;
}

// The stages. Each returns false after a libpng error (failure->text says it).
bool read_header(png_structp png, png_infop info, PngFailure* failure) {
  if (setjmp(failure->jump)) return failure->armed = false;
  failure->armed = true;
  png_read_info(png, info);
  failure->armed = false;
  return true;
}

// Asks for 8-bit gray or RGB, with alpha when there is any.
bool prepare(png_structp png, png_infop info, PngFailure* failure, int* passes) {
  if (setjmp(failure->jump)) return failure->armed = false;
  failure->armed = true;
  const png_byte colour_type = png_get_color_type(png, info);
  if (colour_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (colour_type == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(png, info) < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (png_get_bit_depth(png, info) == 16) png_set_scale_16(png);
  *passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  failure->armed = false;
  return true;
}

using RowCallback = void (*)(void* context, const unsigned char* row);

// Reads every row. With one pass, each row goes to `emit` as it is decoded
// (through `row`); an interlaced image is assembled in `rows` (one pointer
// per row of the whole image) before each goes to `emit`. Without `emit`,
// rows are decoded into `row` only, to check them.
bool read_rows(png_structp png, PngFailure* failure, int passes, png_uint_32 height, unsigned char* row,
               unsigned char** rows, RowCallback emit, void* context) {
  if (setjmp(failure->jump)) return failure->armed = false;
  failure->armed = true;
  if (emit && passes > 1) {
    png_read_image(png, rows);
  } else {
    for (int pass = 0; pass < passes; ++pass)
      for (png_uint_32 y = 0; y < height; ++y) {
        png_read_row(png, row, nullptr);
        if (emit) {
          failure->armed = false;  // `emit` is C++: no libpng call can jump from it
          emit(context, row);
          failure->armed = true;
        }
      }
  }
  png_read_end(png, nullptr);  // the rest of the file: a missing IEND is a truncated file
  failure->armed = false;
  if (emit && passes > 1)
    for (png_uint_32 y = 0; y < height; ++y) emit(context, rows[y]);
  return true;
}

// The libpng structures, made before any jump point and freed on every path.
struct PngStructs {
  png_structp png = nullptr;
  png_infop info = nullptr;
  PngStructs(PngFailure* failure) {
    png = png_create_read_struct(PNG_LIBPNG_VER_STRING, failure, on_error, on_warning);
    if (png) info = png_create_info_struct(png);
  }
  ~PngStructs() { png_destroy_read_struct(&png, info ? &info : nullptr, nullptr); }
  PngStructs(const PngStructs&) = delete;
  PngStructs& operator=(const PngStructs&) = delete;
};

[[noreturn]] void refuse(const PngFailure& failure) {
  const std::string said = failure.text;
  const bool truncated = said.find("ends early") != std::string::npos || said.find("Not enough image data") != std::string::npos;
  if (truncated) throw PhotoProblem("is a truncated PNG file: its image data ends early (libpng: " + said + ")", kPngHint);
  throw PhotoProblem("is a damaged PNG file (libpng: " + said + ")", kPngHint);
}

// Splits libpng's interleaved rows into colour and alpha for the sink.
struct SplitRows {
  const PngRowSink* sink;
  std::size_t width;
  int colour_components;
  bool alpha;
  std::vector<unsigned char> colour, opacity;

  static void emit(void* self, const unsigned char* row) { static_cast<SplitRows*>(self)->split(row); }
  void split(const unsigned char* row) {
    if (!alpha) {
      (*sink)(row, nullptr);
      return;
    }
    const std::size_t stride = static_cast<std::size_t>(colour_components) + 1;
    for (std::size_t x = 0; x < width; ++x) {
      std::copy_n(row + x * stride, colour_components, colour.begin() + static_cast<std::ptrdiff_t>(x) * colour_components);
      opacity[x] = row[x * stride + static_cast<std::size_t>(colour_components)];
    }
    (*sink)(colour.data(), opacity.data());
  }
};

// The colour chunks libpng kept (it drops an iCCP whose profile does not fit
// the colour type, with a warning). No libpng call here can jump.
void read_colour(png_structp png, png_infop info, PngColour* colour) {
  png_charp name = nullptr;
  int compression = 0;
  png_bytep profile = nullptr;
  png_uint_32 length = 0;
  if (png_get_iCCP(png, info, &name, &compression, &profile, &length) && profile)
    colour->icc_profile.assign(reinterpret_cast<const char*>(profile), length);
  int intent = 0;
  colour->srgb = png_get_sRGB(png, info, &intent) != 0;
  if (!png_get_gAMA(png, info, &colour->gamma)) colour->gamma = 0;
  colour->chromaticities = png_get_cHRM(png, info, &colour->white_x, &colour->white_y, &colour->red_x, &colour->red_y,
                                        &colour->green_x, &colour->green_y, &colour->blue_x, &colour->blue_y) != 0;
}

}  // namespace

PhotoInfo read_png(std::string_view bytes, bool decode, const PngRowSink* sink, PngColour* colour) {
  PngFailure failure{};
  PngStructs s(&failure);
  if (!s.png || !s.info) throw PhotoProblem("could not be decoded (out of memory)", kPngHint);
  PngInput input{reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), 0};
  png_set_read_fn(s.png, &input, on_read);
  // The caps below give the better message; libpng's own limit stays out of the way.
  png_set_user_limits(s.png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_set_chunk_malloc_max(s.png, kMaxChunkBytes);
  const bool header_read = read_header(s.png, s.info, &failure);

  PhotoInfo info;
  info.format = PhotoFormat::Png;
  info.width = static_cast<int>(std::min<png_uint_32>(png_get_image_width(s.png, s.info), PNG_UINT_31_MAX));
  info.height = static_cast<int>(std::min<png_uint_32>(png_get_image_height(s.png, s.info), PNG_UINT_31_MAX));
  // An oversized IHDR says more than what went wrong after it.
  if (!header_read && (info.width > kMaxPhotoSide || info.height > kMaxPhotoSide)) check_pixel_size(info, kPngHint);
  if (!header_read) refuse(failure);
  check_pixel_size(info, kPngHint);
  const png_byte colour_type = png_get_color_type(s.png, s.info);
  info.colour_components = (colour_type & PNG_COLOR_MASK_COLOR) ? 3 : 1;
  info.alpha = (colour_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(s.png, s.info, PNG_INFO_tRNS);
  if (colour) read_colour(s.png, s.info, colour);
  if (!decode) return info;

  int passes = 1;
  if (!prepare(s.png, s.info, &failure, &passes)) refuse(failure);
  const std::size_t channels = png_get_channels(s.png, s.info);
  const std::size_t row_bytes = png_get_rowbytes(s.png, s.info);
  if (channels != static_cast<std::size_t>(info.colour_components + (info.alpha ? 1 : 0)) ||
      png_get_bit_depth(s.png, s.info) != 8 || row_bytes != channels * static_cast<std::size_t>(info.width))
    throw PhotoProblem("is a PNG file whose samples cannot be read as 8-bit gray or RGB", kPngHint);

  const auto height = static_cast<png_uint_32>(info.height);
  std::vector<unsigned char> row(row_bytes);
  std::vector<unsigned char> image;  // the whole image, for an interlaced one with a sink
  std::vector<unsigned char*> rows;
  if (sink && passes > 1) {
    image.resize(row_bytes * height);
    for (png_uint_32 y = 0; y < height; ++y) rows.push_back(image.data() + row_bytes * y);
  }
  SplitRows split{sink, static_cast<std::size_t>(info.width), info.colour_components, info.alpha, {}, {}};
  if (info.alpha) {
    split.colour.resize(static_cast<std::size_t>(info.width) * static_cast<std::size_t>(info.colour_components));
    split.opacity.resize(static_cast<std::size_t>(info.width));
  }
  if (!read_rows(s.png, &failure, passes, height, row.data(), rows.data(), sink ? &SplitRows::emit : nullptr, &split))
    refuse(failure);
  return info;
}

}  // namespace cvpdf::frame::detail
