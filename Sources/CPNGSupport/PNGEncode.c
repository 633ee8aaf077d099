#include "PNGEncode.h"

#include <limits.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

int adapt_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int channels,
                     uint8_t **png, size_t *png_length) {
    *png = NULL;
    *png_length = 0;
    if (width == 0 || height == 0 || row_bytes > INT_MAX) return 0;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    switch (channels) {
    case 4: image.format = PNG_FORMAT_RGBA; break;
    case 3: image.format = PNG_FORMAT_RGB; break;
    case 2: image.format = PNG_FORMAT_GA; break;
    case 1: image.format = PNG_FORMAT_GRAY; break;
    default: return 0;
    }
    if (row_bytes < (size_t)width * (size_t)channels) return 0;
    /* First pass sizes the PNG, second writes it. */
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, pixels, (png_int_32)row_bytes, NULL)) {
        png_image_free(&image);
        return 0;
    }
    uint8_t *buffer = malloc(size);
    if (buffer == NULL || !png_image_write_to_memory(&image, buffer, &size, 0, pixels, (png_int_32)row_bytes, NULL)) {
        free(buffer);
        png_image_free(&image);
        return 0;
    }
    *png = buffer;
    *png_length = size;
    return 1;
}

void adapt_png_encode_free(uint8_t *png) { free(png); }
