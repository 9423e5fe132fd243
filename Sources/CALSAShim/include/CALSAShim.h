#ifndef TOOLKIT_CALSA_SHIM_PUBLIC_H
#define TOOLKIT_CALSA_SHIM_PUBLIC_H

/// Installs an ALSA library error handler that keeps alsa-lib quiet on stderr and remembers the last
/// message on the calling thread. Idempotent; safe to call from any thread.
void toolkit_alsa_install_error_handler(void);

/// The last message alsa-lib reported on this thread (empty if none), for error details.
const char *toolkit_alsa_last_message(void);

/// Clears the last message on this thread.
void toolkit_alsa_clear_last_message(void);

#endif
