#include "PNGDecode.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

adapt_png_decoded adapt_png_decode_premultiplied_bgra(const uint8_t *bytes, size_t length, uint64_t max_pixels) {
    adapt_png_decoded result;
    memset(&result, 0, sizeof result);
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) {
        result.status = 1;
        snprintf(result.message, sizeof result.message, "%s", image.message);
        png_image_free(&image);
        return result;
    }
    result.width = image.width;
    result.height = image.height;
    result.has_alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    if ((uint64_t)image.width * (uint64_t)image.height > max_pixels) {
        result.status = 2;
        snprintf(result.message, sizeof result.message, "%u x %u pixels is more than the %llu allowed",
                 image.width, image.height, (unsigned long long)max_pixels);
        png_image_free(&image);
        return result;
    }
    image.format = PNG_FORMAT_BGRA;
    size_t size = PNG_IMAGE_SIZE(image);
    uint8_t *pixels = malloc(size > 0 ? size : 1);
    if (pixels == NULL) {
        result.status = 3;
        snprintf(result.message, sizeof result.message, "out of memory for %u x %u pixels", image.width, image.height);
        png_image_free(&image);
        return result;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        result.status = 1;
        snprintf(result.message, sizeof result.message, "%s", image.message);
        free(pixels);
        png_image_free(&image);
        return result;
    }
    // Premultiply, rounding to nearest (CoreUI stores premultiplied colour).
    int opaque = 1;
    size_t count = (size_t)image.width * image.height;
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + 4 * i;
        unsigned a = p[3];
        if (a == 255) continue;
        opaque = 0;
        p[0] = (uint8_t)((p[0] * a + 127) / 255);
        p[1] = (uint8_t)((p[1] * a + 127) / 255);
        p[2] = (uint8_t)((p[2] * a + 127) / 255);
    }
    result.is_opaque = opaque;
    result.pixels = pixels;
    png_image_free(&image);
    return result;
}

void adapt_png_decoded_free(uint8_t *pixels) { free(pixels); }
