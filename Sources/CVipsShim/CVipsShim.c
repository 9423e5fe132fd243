#include "CVipsShim.h"

#include <pthread.h>
#include <string.h>
#include <vips/vips.h>

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_result = -1;
static int start_concurrency = 1;

static void toolkit_vips_quiet_log(const gchar *domain, GLogLevelFlags level, const gchar *message,
                                   gpointer data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

static void toolkit_vips_start_once(void) {
    if (VIPS_INIT("toolkit") != 0) {
        start_result = -1;
        return;
    }
    // Only the loaders a pet photo needs; the "untrusted" ones (matrix, csv, raw, vips, analyze, …)
    // parse formats never meant for hostile input.
    vips_block_untrusted_set(TRUE);
    vips_cache_set_max(16);
    vips_cache_set_max_mem(32 * 1024 * 1024);
    vips_cache_set_max_files(8);
    vips_concurrency_set(start_concurrency);
    // libvips reports through glib's log; keep it off stderr (errors still reach the error buffer).
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG,
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
    VipsSource *source = vips_source_new_from_descriptor(descriptor);
    if (source == NULL) {
        return -1;
    }
    VipsImage *thumbnail = NULL;
    int result = vips_thumbnail_source(source, &thumbnail, size,
                                       "height", size,
                                       "size", VIPS_SIZE_DOWN,
                                       "fail_on", VIPS_FAIL_ON_ERROR,
                                       NULL);
    if (result == 0) {
        result = vips_jpegsave_buffer(thumbnail, out, length,
                                      "Q", quality,
                                      "strip", TRUE,
                                      NULL);
    }
    if (thumbnail != NULL) {
        g_object_unref(thumbnail);
    }
    g_object_unref(source);
    return result;
}

void toolkit_vips_free(void *buffer) {
    g_free(buffer);
}

void toolkit_vips_take_error(char *buffer, size_t capacity) {
    // Copies and clears in one step under libvips's own lock.
    char *text = vips_error_buffer_copy();
    if (capacity > 0) {
        size_t count = text != NULL ? strlen(text) : 0;
        if (count >= capacity) {
            count = capacity - 1;
        }
        if (count > 0) {
            memcpy(buffer, text, count);
        }
        buffer[count] = '\0';
    }
    g_free(text);
}
