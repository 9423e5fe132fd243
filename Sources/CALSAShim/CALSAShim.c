#include "CALSAShim.h"

#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>

static __thread char last_message[512];

static void toolkit_alsa_error_handler(const char *file, int line, const char *function, int err,
                                       const char *fmt, ...) {
    (void)file;
    (void)line;
    (void)function;
    (void)err;
    va_list args;
    va_start(args, fmt);
    vsnprintf(last_message, sizeof last_message, fmt, args);
    va_end(args);
}

void toolkit_alsa_install_error_handler(void) {
    snd_lib_error_set_handler(toolkit_alsa_error_handler);
}

const char *toolkit_alsa_last_message(void) {
    return last_message;
}

void toolkit_alsa_clear_last_message(void) {
    last_message[0] = '\0';
}
