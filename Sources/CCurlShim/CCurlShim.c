#include "CCurlShim.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>

// libcurl is loaded on the first URL import, not when the core starts: linked (through
// libFoundationNetworking, as it was), it and its dependencies (OpenSSL, GnuTLS, nettle, p11-kit, Kerberos,
// LDAP, …) added about 6 MiB of resident pages to every toolkit process and ran their initialisers at
// every start, for a feature few sessions use. The few functions needed are looked up by name; their
// declarations and the constants in the header are libcurl4's (curl 7.88), whose ABI does not change.

enum { curl_global_all = 3, curl_version_first = 0, curl_version_needed = 0x075500 /* 7.85.0 */ };

/// The start of curl_version_info_data, whose layout libcurl only ever extends at the end.
struct version_info_prefix {
    int age;
    const char *version;
    unsigned int version_num;
};

static struct {
    int (*global_init)(long);
    const struct version_info_prefix *(*version_info)(int);
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *);
    int (*easy_perform)(void *);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_getinfo)(void *, int, ...);
    const char *(*easy_strerror)(int);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
} curl;

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_result = -1;
/// Why loading failed; written once inside the pthread_once, read after it.
static char load_error[512];

#define LOOK_UP(field, name)                                                                               \
    do {                                                                                                   \
        *(void **)(&curl.field) = dlsym(handle, name);                                                     \
        if (curl.field == NULL) {                                                                          \
            snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s; install libcurl4 7.85 or later", \
                     name);                                                                                \
            return;                                                                                        \
        }                                                                                                  \
    } while (0)

static void toolkit_curl_start_once(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(load_error, sizeof load_error, "libcurl.so.4 not found; install libcurl4 (%s)", dlerror());
        return;
    }
    LOOK_UP(global_init, "curl_global_init");
    LOOK_UP(version_info, "curl_version_info");
    LOOK_UP(easy_init, "curl_easy_init");
    LOOK_UP(easy_cleanup, "curl_easy_cleanup");
    LOOK_UP(easy_perform, "curl_easy_perform");
    LOOK_UP(easy_setopt, "curl_easy_setopt");
    LOOK_UP(easy_getinfo, "curl_easy_getinfo");
    LOOK_UP(easy_strerror, "curl_easy_strerror");
    LOOK_UP(slist_append, "curl_slist_append");
    LOOK_UP(slist_free_all, "curl_slist_free_all");
    // CURLOPT_PROTOCOLS_STR and CURLOPT_REDIR_PROTOCOLS_STR, which keep transfers and redirects to
    // http and https, came in 7.85.0.
    const struct version_info_prefix *info = curl.version_info(curl_version_first);
    if (info == NULL || info->version_num < curl_version_needed) {
        snprintf(load_error, sizeof load_error, "libcurl %s is older than 7.85.0; install a newer libcurl4",
                 info != NULL && info->version != NULL ? info->version : "(unknown version)");
        return;
    }
    int result = curl.global_init(curl_global_all);
    if (result != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed: %s", curl.easy_strerror(result));
        return;
    }
    start_result = 0;
}

int toolkit_curl_start(void) {
    pthread_once(&start_once, toolkit_curl_start_once);
    return start_result;
}

void toolkit_curl_load_error(char *buffer, size_t capacity) {
    if (capacity == 0) {
        return;
    }
    snprintf(buffer, capacity, "%s", start_result == 0 ? "" : load_error);
}

// The wrappers below assume a successful toolkit_curl_start, as their callers do.

void *toolkit_curl_easy_init(void) { return curl.easy_init(); }

void toolkit_curl_easy_cleanup(void *handle) { curl.easy_cleanup(handle); }

toolkit_curl_code toolkit_curl_easy_perform(void *handle) { return curl.easy_perform(handle); }

const char *toolkit_curl_easy_strerror(toolkit_curl_code code) {
    return curl.easy_strerror != NULL ? curl.easy_strerror(code) : "libcurl is not loaded";
}

toolkit_curl_code toolkit_curl_setopt_long(void *handle, toolkit_curl_long_option option, long value) {
    return curl.easy_setopt(handle, option, value);
}

toolkit_curl_code toolkit_curl_setopt_string(void *handle, toolkit_curl_string_option option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

toolkit_curl_code toolkit_curl_setopt_off(void *handle, toolkit_curl_off_option option, int64_t value) {
    // curl_off_t is a 64-bit signed integer on every 64-bit Linux.
    return curl.easy_setopt(handle, option, value);
}

toolkit_curl_code toolkit_curl_set_error_buffer(void *handle, char *buffer) {
    return curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, buffer);
}

toolkit_curl_code toolkit_curl_set_headers(void *handle, void *list) {
    return curl.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
}

toolkit_curl_code toolkit_curl_set_write_callback(void *handle, toolkit_curl_data_callback callback, void *context) {
    int result = curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    return result != CURLE_OK ? result : curl.easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

toolkit_curl_code toolkit_curl_set_header_callback(void *handle, toolkit_curl_data_callback callback, void *context) {
    int result = curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    return result != CURLE_OK ? result : curl.easy_setopt(handle, CURLOPT_HEADERDATA, context);
}

toolkit_curl_code toolkit_curl_set_progress_callback(void *handle, toolkit_curl_progress_callback callback,
                                                     void *context) {
    int result = curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
    if (result == CURLE_OK) {
        result = curl.easy_setopt(handle, CURLOPT_XFERINFODATA, context);
    }
    return result != CURLE_OK ? result : curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
}

/// libcurl's struct curl_sockaddr: `addr` is followed by the rest of a longer address (IPv6).
struct curl_sockaddr_prefix {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
};

enum { curl_socket_bad = -1 };

/// CURLOPT_OPENSOCKETFUNCTION: libcurl calls it instead of socket(2), with the address to connect to.
static int toolkit_curl_open_checked_socket(void *clientp, int purpose, struct curl_sockaddr_prefix *address) {
    (void)purpose;
    const toolkit_curl_address_check *check = clientp;
    char text[INET6_ADDRSTRLEN] = "";
    const void *bytes = NULL;
    if (address->family == AF_INET) {
        bytes = &((const struct sockaddr_in *)(const void *)&address->addr)->sin_addr;
    } else if (address->family == AF_INET6) {
        bytes = &((const struct sockaddr_in6 *)(const void *)&address->addr)->sin6_addr;
    }
    if (bytes == NULL || inet_ntop(address->family, bytes, text, sizeof text) == NULL) {
        return curl_socket_bad;
    }
    if (check->callback(check->context, text) != 0) {
        return curl_socket_bad;
    }
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

toolkit_curl_code toolkit_curl_set_address_check(void *handle, const toolkit_curl_address_check *check) {
    int result = curl.easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, toolkit_curl_open_checked_socket);
    return result != CURLE_OK ? result : curl.easy_setopt(handle, CURLOPT_OPENSOCKETDATA, (void *)check);
}

toolkit_curl_code toolkit_curl_getinfo_long(void *handle, toolkit_curl_long_info info, long *value) {
    *value = 0;
    return curl.easy_getinfo(handle, info, value);
}

toolkit_curl_code toolkit_curl_getinfo_string(void *handle, toolkit_curl_string_info info, const char **value) {
    *value = NULL;
    return curl.easy_getinfo(handle, info, value);
}

toolkit_curl_code toolkit_curl_getinfo_off(void *handle, toolkit_curl_off_info info, int64_t *value) {
    *value = -1;
    return curl.easy_getinfo(handle, info, value);
}

void *toolkit_curl_slist_append(void *list, const char *line) { return curl.slist_append(list, line); }

void toolkit_curl_slist_free_all(void *list) {
    if (list != NULL) {
        curl.slist_free_all(list);
    }
}
