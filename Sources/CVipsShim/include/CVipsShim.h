#ifndef TOOLKIT_CVIPS_SHIM_PUBLIC_H
#define TOOLKIT_CVIPS_SHIM_PUBLIC_H

#include <stddef.h>

/// Starts libvips once per process (VIPS_INIT), blocks its untrusted loaders, keeps its operation cache
/// small, sets its worker count to `concurrency` and turns its warnings off. Thread-safe; only the first
/// call does anything. Returns 0 on success, -1 when libvips failed to start (see the error buffer).
int toolkit_vips_start(int concurrency);

/// Makes a JPEG thumbnail of the image read from `descriptor` (which stays open; libvips reads a
/// duplicate): longest side `size`, never enlarged, turned upright from its EXIF orientation, metadata
/// stripped, at JPEG `quality`. On success returns 0 and sets `*out` (free it with
/// `toolkit_vips_free`) and `*length`; on failure returns -1 and libvips's error buffer says why.
int toolkit_vips_thumbnail_jpeg(int descriptor, int size, int quality, void **out, size_t *length);

/// Frees a buffer returned by `toolkit_vips_thumbnail_jpeg`.
void toolkit_vips_free(void *buffer);

/// Copies libvips's error buffer (one per process in libvips 8.14) into `buffer` (NUL-terminated, truncated to `capacity`)
/// and clears it.
void toolkit_vips_take_error(char *buffer, size_t capacity);

#endif
