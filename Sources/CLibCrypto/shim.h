#ifndef TOOLKIT_CLIBCRYPTO_SHIM_H
#define TOOLKIT_CLIBCRYPTO_SHIM_H
// OpenSSL's libcrypto, for SHA-256 (EVP digests) and HMAC-SHA-256 (the one-shot HMAC()); only calls that
// OpenSSL 3 does not deprecate.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif
