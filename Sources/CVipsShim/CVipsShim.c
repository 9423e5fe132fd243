#include "CVipsShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libvips is loaded on the first thumbnail, not when the core starts: linked, it and its ~60 dependencies
// (glib, rsvg, OpenEXR, HDF5, …) added about 20 MiB of resident pages and tens of milliseconds to every
// start, for a feature many sessions never use. The few functions needed are looked up by name; the
// constants below are libvips 8.x's (ABI 42, the soname).

enum { vips_size_down = 2, vips_fail_on_error = 2 };
enum { g_log_level_warning = 1 << 4, g_log_level_message = 1 << 5, g_log_level_info = 1 << 6, g_log_level_debug = 1 << 7 };

typedef void (*log_handler)(const char *, int, const char *, void *);

static struct {
    int (*init)(const char *);
    int (*version)(int);
    void (*block_untrusted_set)(int);
    void (*cache_set_max)(int);
    void (*cache_set_max_mem)(size_t);
    void (*cache_set_max_files)(int);
    void (*concurrency_set)(int);
    unsigned (*log_set_handler)(const char *, int, log_handler, void *);
    void *(*source_new_from_descriptor)(int);
    int (*thumbnail_source)(void *, void **, int, ...);
    int (*jpegsave_buffer)(void *, void **, size_t *, ...);
    void (*object_unref)(void *);
    void (*free)(void *);
    char *(*error_buffer_copy)(void);
} vips;

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_result = -1;
static int start_concurrency = 1;
/// Why loading failed, when libvips itself is not there to keep the error.
static char load_error[512];

static void toolkit_vips_quiet_log(const char *domain, int level, const char *message, void *data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

#define LOOK_UP(field, name)                                                                        \
    do {                                                                                            \
        *(void **)(&vips.field) = dlsym(handle, name);                                              \
        if (vips.field == NULL) {                                                                   \
            snprintf(load_error, sizeof load_error, "libvips.so.42 has no %s; install libvips42 8.x", \
                     name);                                                                         \
            return;                                                                                 \
        }                                                                                           \
    } while (0)

static void toolkit_vips_start_once(void) {
    void *handle = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(load_error, sizeof load_error, "cannot load libvips (install libvips42): %s", dlerror());
        return;
    }
    LOOK_UP(init, "vips_init");
    LOOK_UP(version, "vips_version");
    LOOK_UP(block_untrusted_set, "vips_block_untrusted_set");
    LOOK_UP(cache_set_max, "vips_cache_set_max");
    LOOK_UP(cache_set_max_mem, "vips_cache_set_max_mem");
    LOOK_UP(cache_set_max_files, "vips_cache_set_max_files");
    LOOK_UP(concurrency_set, "vips_concurrency_set");
    LOOK_UP(log_set_handler, "g_log_set_handler");
    LOOK_UP(source_new_from_descriptor, "vips_source_new_from_descriptor");
    LOOK_UP(thumbnail_source, "vips_thumbnail_source");
    LOOK_UP(jpegsave_buffer, "vips_jpegsave_buffer");
    LOOK_UP(object_unref, "g_object_unref");
    LOOK_UP(free, "g_free");
    LOOK_UP(error_buffer_copy, "vips_error_buffer_copy");
    // VIPS_INIT's check: the library's ABI (current - age) must be the one these declarations assume.
    if (vips.version(3) - vips.version(5) != 42) {
        snprintf(load_error, sizeof load_error, "libvips ABI %d is not the expected 42", vips.version(3) - vips.version(5));
        return;
    }
    if (vips.init("toolkit") != 0) {
        return;
    }
    // Only the loaders a pet photo needs; the "untrusted" ones (matrix, csv, raw, vips, analyze, …)
    // parse formats never meant for hostile input.
    vips.block_untrusted_set(1);
    vips.cache_set_max(16);
    vips.cache_set_max_mem(32 * 1024 * 1024);
    vips.cache_set_max_files(8);
    vips.concurrency_set(start_concurrency);
    // libvips reports through glib's log; keep it off stderr (errors still reach the error buffer).
    vips.log_set_handler("VIPS", g_log_level_warning | g_log_level_message | g_log_level_info | g_log_level_debug,
                         toolkit_vips_quiet_log, NULL);
    start_result = 0;
}

int toolkit_vips_start(int concurrency) {
    start_concurrency = concurrency > 0 ? concurrency : 1;
    pthread_once(&start_once, toolkit_vips_start_once);
    return start_result;
}

int toolkit_vips_thumbnail_jpeg(int descriptor, int size, int quality, void **out, size_t *length) {
    *out = NULL;
    *length = 0;
    if (start_result != 0) {
        return -1;
    }
    void *source = vips.source_new_from_descriptor(descriptor);
    if (source == NULL) {
        return -1;
    }
    void *thumbnail = NULL;
    int result = vips.thumbnail_source(source, &thumbnail, size,
                                       "height", size,
                                       "size", vips_size_down,
                                       "fail_on", vips_fail_on_error,
                                       NULL);
    if (result == 0) {
        result = vips.jpegsave_buffer(thumbnail, out, length,
                                      "Q", quality,
                                      "strip", 1,
                                      NULL);
    }
    if (thumbnail != NULL) {
        vips.object_unref(thumbnail);
    }
    vips.object_unref(source);
    return result;
}

void toolkit_vips_free(void *buffer) {
    if (vips.free != NULL) {
        vips.free(buffer);
    }
}

void toolkit_vips_take_error(char *buffer, size_t capacity) {
    if (capacity == 0) {
        return;
    }
    if (start_result != 0 && load_error[0] != '\0') {
        snprintf(buffer, capacity, "%s", load_error);
        return;
    }
    // Copies and clears in one step under libvips's own lock.
    char *text = vips.error_buffer_copy != NULL ? vips.error_buffer_copy() : NULL;
    size_t count = text != NULL ? strlen(text) : 0;
    if (count >= capacity) {
        count = capacity - 1;
    }
    if (count > 0) {
        memcpy(buffer, text, count);
    }
    buffer[count] = '\0';
    if (text != NULL) {
        vips.free(text);
    }
}
