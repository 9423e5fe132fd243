/* bench-echo: the smallest handler plugin (protocol 1, docs/plugins.md) for Benchmarks/plugins/run.sh, in C so
 * that a benchmark of a plugin call measures the core and the pipes, not the plugin's language.
 *
 *   bench-echo                 the plugin: answers getmanifest, init, and bench.echo with its params
 *   bench-echo --pipe-rtt N    starts itself as the plugin over a pipe pair, as the core does, makes N bench.echo
 *                              round trips one at a time and prints {"n", "p50_us", "p99_us", "mean_us"}: the
 *                              round trip the core cannot avoid (two pipe writes, two reads, two wake-ups)
 *
 * It reads stdin in large chunks, answers every complete line in it, and writes all the answers to one read in
 * one write, as ../shared/bench's C server does. A line's top-level "id", "method" and "params" are found by a
 * small scanner that copies the id and the params back verbatim; nothing is decoded. Messages without an id
 * (event, rpc.cancel, shutdown) get no answer. It exits when stdin closes.
 *
 *   cc -O2 -o bench-echo Benchmarks/plugins/bench-echo.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char manifest[] =
    "{\"name\":\"bench-echo\",\"version\":\"1.0.0\",\"protocol\":1,\"methods\":[{\"name\":\"bench.echo\","
    "\"description\":\"Answers with its params (a benchmark of the plugin path).\"}]}";

typedef struct {
    const char *p;
    size_t n;
} span;

static const char *skip_ws(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    return p;
}

/* The end of the JSON value at p (one past it), or NULL. Strings skip their escapes; objects and arrays are
 * skipped by depth, counting only brackets outside strings. */
static const char *skip_value(const char *p, const char *end) {
    if (p >= end) return NULL;
    if (*p == '"') {
        for (p++; p < end; p++) {
            if (*p == '\\') p++;
            else if (*p == '"') return p + 1;
        }
        return NULL;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        for (; p < end; p++) {
            if (*p == '"') {
                p = skip_value(p, end);
                if (!p) return NULL;
                p--;
            } else if (*p == '{' || *p == '[') depth++;
            else if (*p == '}' || *p == ']') {
                if (--depth == 0) return p + 1;
            }
        }
        return NULL;
    }
    while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
    return p;
}

/* Finds the top-level id, method (without its quotes) and params of one message; 0 if it is not an object. */
static int scan(const char *p, const char *end, span *id, span *method, span *params) {
    id->p = method->p = params->p = NULL;
    p = skip_ws(p, end);
    if (p >= end || *p != '{') return 0;
    p = skip_ws(p + 1, end);
    while (p < end && *p == '"') {
        const char *key = p + 1, *key_end = skip_value(p, end);
        if (!key_end) return 0;
        size_t key_len = (size_t)(key_end - 1 - key);
        p = skip_ws(key_end, end);
        if (p >= end || *p != ':') return 0;
        const char *value = skip_ws(p + 1, end), *value_end = skip_value(value, end);
        if (!value_end) return 0;
        span v = {value, (size_t)(value_end - value)};
        if (key_len == 2 && memcmp(key, "id", 2) == 0) *id = v;
        else if (key_len == 6 && memcmp(key, "method", 6) == 0 && v.n >= 2 && *value == '"')
            *method = (span){value + 1, v.n - 2};
        else if (key_len == 6 && memcmp(key, "params", 6) == 0) *params = v;
        p = skip_ws(value_end, end);
        if (p < end && *p == ',') p = skip_ws(p + 1, end);
    }
    return 1;
}

static char *out;
static size_t out_len, out_cap;

static void put(const char *s, size_t n) {
    if (out_len + n > out_cap) {
        while (out_len + n > out_cap) out_cap = out_cap ? out_cap * 2 : 65536;
        out = realloc(out, out_cap);
        if (!out) exit(1);
    }
    memcpy(out + out_len, s, n);
    out_len += n;
}
#define PUT(lit) put(lit, sizeof(lit) - 1)

static int is(span s, const char *name) { return s.n == strlen(name) && memcmp(s.p, name, s.n) == 0; }

static void answer(const char *line, const char *end) {
    span id, method, params;
    if (!scan(line, end, &id, &method, &params) || !id.p || !method.p) return; /* a notification or garbage */
    PUT("{\"jsonrpc\":\"2.0\",\"id\":");
    put(id.p, id.n);
    if (is(method, "bench.echo")) {
        PUT(",\"result\":");
        if (params.p) put(params.p, params.n);
        else PUT("null");
        PUT("}\n");
    } else if (is(method, "getmanifest")) {
        PUT(",\"result\":");
        PUT(manifest);
        PUT("}\n");
    } else if (is(method, "init")) {
        PUT(",\"result\":{}}\n");
    } else {
        PUT(",\"error\":{\"code\":-32601,\"message\":\"no such method\"}}\n");
    }
}

static int write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int serve(void) {
    size_t cap = 1 << 20, len = 0;
    char *in = malloc(cap);
    if (!in) return 1;
    for (;;) {
        if (len == cap) {
            cap *= 2;
            in = realloc(in, cap);
            if (!in) return 1;
        }
        ssize_t r = read(0, in + len, cap - len);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return 0; /* stdin closed: the core is stopping us */
        len += (size_t)r;
        char *start = in, *end = in + len, *nl;
        while ((nl = memchr(start, '\n', (size_t)(end - start))) != NULL) {
            answer(start, nl);
            start = nl + 1;
        }
        len = (size_t)(end - start);
        memmove(in, start, len);
        if (out_len > 0) {
            if (write_all(1, out, out_len) < 0) return 1;
            out_len = 0;
        }
    }
}

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int pipe_rtt(int n) {
    int to_child[2], from_child[2];
    if (n < 1 || pipe(to_child) < 0 || pipe(from_child) < 0) return 1;
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[0]), close(to_child[1]), close(from_child[0]), close(from_child[1]);
        execl("/proc/self/exe", "bench-echo", (char *)NULL);
        _exit(127);
    }
    close(to_child[0]), close(from_child[1]);
    double *samples = malloc(sizeof(double) * (size_t)n);
    char buf[4096], req[128];
    int warmup = n / 10 + 10;
    for (int i = -warmup; i < n; i++) {
        int len = snprintf(req, sizeof req,
                           "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"bench.echo\",\"params\":{\"n\":1}}\n", i + warmup);
        double t0 = now_us();
        if (write_all(to_child[1], req, (size_t)len) < 0) return 1;
        for (;;) { /* one answer, one line */
            ssize_t r = read(from_child[0], buf, sizeof buf);
            if (r <= 0) return 1;
            if (buf[r - 1] == '\n') break;
        }
        if (i >= 0) samples[i] = now_us() - t0;
    }
    close(to_child[1]);
    waitpid(pid, NULL, 0);
    double sum = 0;
    for (int i = 0; i < n; i++) sum += samples[i];
    qsort(samples, (size_t)n, sizeof(double), compare);
    printf("{\"n\":%d,\"p50_us\":%.1f,\"p99_us\":%.1f,\"mean_us\":%.1f}\n", n, samples[n / 2],
           samples[(int)(n * 0.99)], sum / n);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--pipe-rtt") == 0) return pipe_rtt(atoi(argv[2]));
    if (argc != 1) {
        fprintf(stderr, "usage: bench-echo [--pipe-rtt N]\n");
        return 2;
    }
    return serve();
}
