#include <zlib.h>

/// `inflateInit2` is a macro; Swift sees functions only.
static inline int lifelint_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
