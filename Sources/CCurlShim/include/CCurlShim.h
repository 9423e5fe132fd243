#ifndef TOOLKIT_CCURL_SHIM_PUBLIC_H
#define TOOLKIT_CCURL_SHIM_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

// libcurl's numbers, copied from curl 7.88.1's include/curl/curl.h (Debian 12's libcurl4): options are
// CURLOPTTYPE_LONG (0), _OBJECTPOINT (10000), _FUNCTIONPOINT (20000) or _OFF_T (30000) plus the option's
// number; infos are CURLINFO_STRING (0x100000), _LONG (0x200000) or _OFF_T (0x600000) plus the info's number.
// libcurl never renumbers or removes them (its ABI has been libcurl.so.4 since 7.16), so they hold for any
// libcurl4. The names are curl's, so its documentation applies; each enum takes one argument type, so Swift
// cannot pass a long to a string option.

/// A libcurl result code (CURLcode). libcurl may return codes not listed here.
typedef enum {
    CURLE_OK = 0,
    CURLE_UNSUPPORTED_PROTOCOL = 1,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_WRITE_ERROR = 23,
    CURLE_OUT_OF_MEMORY = 27,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_ABORTED_BY_CALLBACK = 42,
    CURLE_TOO_MANY_REDIRECTS = 47,
    CURLE_FILESIZE_EXCEEDED = 63,
} toolkit_curl_code;

/// Options that take a `long`.
typedef enum {
    CURLOPT_NOPROGRESS = 43,
    CURLOPT_NETRC = 51,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_MAXREDIRS = 68,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
} toolkit_curl_long_option;

/// Options that take a NUL-terminated string (libcurl copies it).
typedef enum {
    CURLOPT_URL = 10002,
    CURLOPT_PROXY = 10004,                // "" uses no proxy, whatever http_proxy and the like say
    CURLOPT_USERAGENT = 10018,
    CURLOPT_PROTOCOLS_STR = 10318,        // 7.85.0 and later
    CURLOPT_REDIR_PROTOCOLS_STR = 10319,  // 7.85.0 and later
} toolkit_curl_string_option;

/// Options that take a `curl_off_t` (a 64-bit signed integer).
typedef enum {
    CURLOPT_MAXFILESIZE_LARGE = 30117,
} toolkit_curl_off_option;

/// Options that take a pointer the caller keeps alive until the handle is cleaned up: a `curl_slist`,
/// a callback's context, or the error buffer. Only the shim's setters use these.
typedef enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_XFERINFODATA = 10057,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_XFERINFOFUNCTION = 20219,
    CURLOPT_OPENSOCKETDATA = 10164,
    CURLOPT_OPENSOCKETFUNCTION = 20163,
} toolkit_curl_pointer_option;

/// Infos that give a `long`.
typedef enum {
    CURLINFO_RESPONSE_CODE = 0x200002,
} toolkit_curl_long_info;

/// Infos that give a string owned by the handle (valid until it is cleaned up).
typedef enum {
    CURLINFO_EFFECTIVE_URL = 0x100001,
} toolkit_curl_string_info;

/// Infos that give a `curl_off_t`.
typedef enum {
    CURLINFO_CONTENT_LENGTH_DOWNLOAD_T = 0x60000f,
} toolkit_curl_off_info;

/// CURL_ERROR_SIZE: the size of the buffer given to `toolkit_curl_set_error_buffer`.
enum { toolkit_curl_error_size = 256 };

/// CURLOPT_WRITEFUNCTION's and CURLOPT_HEADERFUNCTION's callback: `count` bytes at `bytes` (`size` is
/// always 1). Return `count` to go on; anything else aborts the transfer with CURLE_WRITE_ERROR.
typedef size_t (*toolkit_curl_data_callback)(char *bytes, size_t size, size_t count, void *context);

/// CURLOPT_XFERINFOFUNCTION's callback, called often while data moves and about once a second while it
/// does not. Return 0 to go on; anything else aborts the transfer with CURLE_ABORTED_BY_CALLBACK.
typedef int (*toolkit_curl_progress_callback)(void *context, int64_t download_total, int64_t downloaded,
                                              int64_t upload_total, int64_t uploaded);

/// Asked before libcurl opens each connection's socket, with the address it is about to connect to as
/// text (`"203.0.113.7"`, `"2001:db8::1"`): the URL's host, each redirect's, each address a name resolves
/// to. Return 0 to connect, anything else to refuse: no socket is opened, and libcurl tries the name's next
/// address or fails the transfer with CURLE_COULDNT_CONNECT.
typedef int (*toolkit_curl_address_callback)(void *context, const char *address);

/// What `toolkit_curl_set_address_check` consults: the callback and its context. The caller keeps it alive
/// until the handle is cleaned up.
typedef struct {
    toolkit_curl_address_callback callback;
    void *context;
} toolkit_curl_address_check;

/// Loads libcurl.so.4 with dlopen, looks up the functions below, checks that it is 7.85 or later and
/// calls curl_global_init, once per process. Thread-safe; only the first call does anything. Returns 0
/// when libcurl is ready, -1 when it is not (`toolkit_curl_load_error` says why).
int toolkit_curl_start(void);

/// Copies why `toolkit_curl_start` failed into `buffer` (NUL-terminated, truncated to `capacity`); empty
/// when it did not.
void toolkit_curl_load_error(char *buffer, size_t capacity);

/// curl_easy_init: a new transfer handle, or NULL. Call `toolkit_curl_start` first.
void *toolkit_curl_easy_init(void);

/// curl_easy_cleanup: closes the handle's connections and frees it.
void toolkit_curl_easy_cleanup(void *handle);

/// curl_easy_perform: runs the transfer, blocking the calling thread (where the callbacks then run).
toolkit_curl_code toolkit_curl_easy_perform(void *handle);

/// curl_easy_strerror: a static English text for `code`.
const char *toolkit_curl_easy_strerror(toolkit_curl_code code);

/// curl_easy_setopt with a `long`.
toolkit_curl_code toolkit_curl_setopt_long(void *handle, toolkit_curl_long_option option, long value);

/// curl_easy_setopt with a string, which libcurl copies.
toolkit_curl_code toolkit_curl_setopt_string(void *handle, toolkit_curl_string_option option, const char *value);

/// curl_easy_setopt with a `curl_off_t`.
toolkit_curl_code toolkit_curl_setopt_off(void *handle, toolkit_curl_off_option option, int64_t value);

/// Sets CURLOPT_ERRORBUFFER: libcurl writes a detailed message there when a transfer fails. `buffer`
/// holds `toolkit_curl_error_size` bytes and must outlive the handle's transfers.
toolkit_curl_code toolkit_curl_set_error_buffer(void *handle, char *buffer);

/// Sets CURLOPT_HTTPHEADER to the list made by `toolkit_curl_slist_append`, which must outlive the
/// handle's transfers.
toolkit_curl_code toolkit_curl_set_headers(void *handle, void *list);

/// Sets CURLOPT_WRITEFUNCTION and CURLOPT_WRITEDATA: `callback` gets the body bytes and `context`.
toolkit_curl_code toolkit_curl_set_write_callback(void *handle, toolkit_curl_data_callback callback, void *context);

/// Sets CURLOPT_HEADERFUNCTION and CURLOPT_HEADERDATA: `callback` gets each header line (status lines
/// too, for every response including redirects, each ending in CRLF) and `context`.
toolkit_curl_code toolkit_curl_set_header_callback(void *handle, toolkit_curl_data_callback callback, void *context);

/// Sets CURLOPT_XFERINFOFUNCTION and CURLOPT_XFERINFODATA, and turns CURLOPT_NOPROGRESS off so that
/// `callback` is called.
toolkit_curl_code toolkit_curl_set_progress_callback(void *handle, toolkit_curl_progress_callback callback,
                                                     void *context);

/// Sets CURLOPT_OPENSOCKETFUNCTION and CURLOPT_OPENSOCKETDATA so that `check` is asked about every
/// IPv4 or IPv6 address before a socket is opened for it; an address it allows gets a socket like
/// libcurl's own (close-on-exec too, so a child process the core starts never inherits a download's
/// connection). Any other address family is refused.
toolkit_curl_code toolkit_curl_set_address_check(void *handle, const toolkit_curl_address_check *check);

/// curl_easy_getinfo for a `long`.
toolkit_curl_code toolkit_curl_getinfo_long(void *handle, toolkit_curl_long_info info, long *value);

/// curl_easy_getinfo for a string owned by the handle (NULL when there is none).
toolkit_curl_code toolkit_curl_getinfo_string(void *handle, toolkit_curl_string_info info, const char **value);

/// curl_easy_getinfo for a `curl_off_t` (-1 when unknown).
toolkit_curl_code toolkit_curl_getinfo_off(void *handle, toolkit_curl_off_info info, int64_t *value);

/// curl_slist_append: `list` (NULL for a new one) with a copy of `line` appended; NULL when out of memory.
void *toolkit_curl_slist_append(void *list, const char *line);

/// curl_slist_free_all.
void toolkit_curl_slist_free_all(void *list);

#endif
