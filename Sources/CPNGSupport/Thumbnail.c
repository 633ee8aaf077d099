// Thumbnails for `adapt report`: decode with libpng, box-filter, encode with libpng.
#include "Thumbnail.h"
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_message(adapt_thumbnail_result *result, const char *message) {
    snprintf(result->message, sizeof result->message, "%s", message);
}

/// Averages each box of the source into one pixel, weighting colour by alpha.
static void box_filter(const uint8_t *source, uint32_t width, uint32_t height, uint8_t *target,
                       uint32_t target_width, uint32_t target_height) {
    for (uint32_t ty = 0; ty < target_height; ty++) {
        uint32_t y0 = (uint32_t)((uint64_t)ty * height / target_height);
        uint32_t y1 = (uint32_t)((uint64_t)(ty + 1) * height / target_height);
        if (y1 <= y0) y1 = y0 + 1;
        for (uint32_t tx = 0; tx < target_width; tx++) {
            uint32_t x0 = (uint32_t)((uint64_t)tx * width / target_width);
            uint32_t x1 = (uint32_t)((uint64_t)(tx + 1) * width / target_width);
            if (x1 <= x0) x1 = x0 + 1;
            uint64_t r = 0, g = 0, b = 0, a = 0, count = 0;
            for (uint32_t y = y0; y < y1; y++) {
                const uint8_t *pixel = source + ((size_t)y * width + x0) * 4;
                for (uint32_t x = x0; x < x1; x++, pixel += 4) {
                    uint32_t alpha = pixel[3];
                    r += (uint64_t)pixel[0] * alpha;
                    g += (uint64_t)pixel[1] * alpha;
                    b += (uint64_t)pixel[2] * alpha;
                    a += alpha;
                    count++;
                }
            }
            uint8_t *out = target + ((size_t)ty * target_width + tx) * 4;
            if (a == 0) {
                out[0] = out[1] = out[2] = out[3] = 0;
            } else {
                out[0] = (uint8_t)((r + a / 2) / a);
                out[1] = (uint8_t)((g + a / 2) / a);
                out[2] = (uint8_t)((b + a / 2) / a);
                out[3] = (uint8_t)((a + count / 2) / count);
            }
        }
    }
}

adapt_thumbnail_result adapt_png_thumbnail(const uint8_t *bytes, size_t length, uint32_t max_side, uint64_t max_pixels) {
    adapt_thumbnail_result result;
    memset(&result, 0, sizeof result);
    result.status = ADAPT_THUMBNAIL_FAILED;
    if (max_side == 0) max_side = 1;

    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) {
        set_message(&result, image.message);
        png_image_free(&image);
        return result;
    }
    result.width = image.width;
    result.height = image.height;
    if ((uint64_t)image.width * image.height > max_pixels) {
        result.status = ADAPT_THUMBNAIL_TOO_LARGE;
        set_message(&result, "the image has more pixels than allowed");
        png_image_free(&image);
        return result;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t source_size = PNG_IMAGE_SIZE(image);
    uint8_t *source = malloc(source_size);
    if (source == NULL) {
        set_message(&result, "out of memory");
        png_image_free(&image);
        return result;
    }
    if (!png_image_finish_read(&image, NULL, source, 0, NULL)) {
        set_message(&result, image.message);
        free(source);
        png_image_free(&image);
        return result;
    }
    uint32_t width = image.width, height = image.height;
    uint32_t target_width = width, target_height = height;
    if (width > max_side || height > max_side) {
        if (width >= height) {
            target_width = max_side;
            target_height = (uint32_t)(((uint64_t)height * max_side + width / 2) / width);
        } else {
            target_height = max_side;
            target_width = (uint32_t)(((uint64_t)width * max_side + height / 2) / height);
        }
        if (target_width == 0) target_width = 1;
        if (target_height == 0) target_height = 1;
    }
    uint8_t *target = source;
    if (target_width != width || target_height != height) {
        target = malloc((size_t)target_width * target_height * 4);
        if (target == NULL) {
            set_message(&result, "out of memory");
            free(source);
            return result;
        }
        box_filter(source, width, height, target, target_width, target_height);
        free(source);
    }

    png_image output;
    memset(&output, 0, sizeof output);
    output.version = PNG_IMAGE_VERSION;
    output.width = target_width;
    output.height = target_height;
    output.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&output, NULL, &size, 0, target, 0, NULL)) {
        set_message(&result, output.message);
        png_image_free(&output);
        free(target);
        return result;
    }
    uint8_t *png = malloc(size);
    if (png == NULL || !png_image_write_to_memory(&output, png, &size, 0, target, 0, NULL)) {
        set_message(&result, png == NULL ? "out of memory" : output.message);
        free(png);
        png_image_free(&output);
        free(target);
        return result;
    }
    png_image_free(&output);
    free(target);
    result.status = ADAPT_THUMBNAIL_OK;
    result.thumbnail_width = target_width;
    result.thumbnail_height = target_height;
    result.png = png;
    result.png_length = size;
    return result;
}

void adapt_thumbnail_free(uint8_t *png) { free(png); }

adapt_thumbnail_status adapt_png_rgba(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                                      uint8_t **pixels, uint32_t *width, uint32_t *height) {
    *pixels = NULL;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) {
        png_image_free(&image);
        return ADAPT_THUMBNAIL_FAILED;
    }
    if ((uint64_t)image.width * image.height > max_pixels) {
        png_image_free(&image);
        return ADAPT_THUMBNAIL_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (buffer == NULL || !png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        free(buffer);
        png_image_free(&image);
        return ADAPT_THUMBNAIL_FAILED;
    }
    *pixels = buffer;
    *width = image.width;
    *height = image.height;
    return ADAPT_THUMBNAIL_OK;
}
