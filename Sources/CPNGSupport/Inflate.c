#include "Inflate.h"

#include <limits.h>
#include <string.h>
#include <zlib.h>

static void set_message(adapt_inflate_result *result, const char *text) {
    if (text == NULL) text = "unknown zlib error";
    strncpy(result->message, text, sizeof result->message - 1);
    result->message[sizeof result->message - 1] = '\0';
}

adapt_inflate_result adapt_inflate_bounded(const uint8_t *input, size_t length, int window_bits,
                                           uint8_t *output, size_t capacity) {
    adapt_inflate_result result;
    memset(&result, 0, sizeof result);
    /* zlib counts in uInt; CoreUI payloads are far below 4 GiB, and a larger one is refused
       rather than silently cut. */
    if (length > UINT_MAX || capacity > UINT_MAX) {
        result.status = ADAPT_INFLATE_TOO_LARGE;
        set_message(&result, "input or output larger than 4 GiB");
        return result;
    }
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit2(&stream, window_bits) != Z_OK) {
        result.status = ADAPT_INFLATE_CORRUPT;
        set_message(&result, "zlib could not start");
        return result;
    }
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int status = inflate(&stream, Z_FINISH);
    if (status != Z_STREAM_END && status != Z_DATA_ERROR && status != Z_NEED_DICT && status != Z_MEM_ERROR
        && stream.avail_out == 0) {
        /* The buffer is full: one more byte of room tells a stream that ends exactly here from
           one that wants more than the caller allowed. */
        uint8_t spare;
        stream.next_out = &spare;
        stream.avail_out = 1;
        status = inflate(&stream, Z_FINISH);
        if (stream.avail_out == 0) {
            result.status = ADAPT_INFLATE_TOO_LARGE;
            result.produced = capacity;
            result.consumed = length - stream.avail_in;
            set_message(&result, "more output than allowed");
            inflateEnd(&stream);
            return result;
        }
    }
    result.produced = (size_t)(stream.total_out);
    result.consumed = length - stream.avail_in;
    if (status == Z_STREAM_END) {
        result.status = ADAPT_INFLATE_OK;
    } else if (status == Z_BUF_ERROR && stream.avail_in == 0) {
        result.status = ADAPT_INFLATE_TRUNCATED;
        set_message(&result, "stream ends early");
    } else {
        result.status = ADAPT_INFLATE_CORRUPT;
        set_message(&result, stream.msg);
    }
    inflateEnd(&stream);
    return result;
}
