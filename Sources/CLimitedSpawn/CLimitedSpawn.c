#define _GNU_SOURCE
#include "CLimitedSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void close_pair(int pair[2]) {
    if (pair[0] >= 0) close(pair[0]);
    if (pair[1] >= 0) close(pair[1]);
}

/// In the child after fork: only async-signal-safe calls (and plain system calls) until exec. Writes errno to
/// `report` and exits on failure.
static void become_limited(const char *path, char *const argv[], char *const envp[], int niceness,
                           unsigned long long memory_bytes, int null_in, int out[2], int err[2], int report,
                           pid_t parent) {
    sigset_t none;
    sigemptyset(&none);
    for (int signo = 1; signo < NSIG; signo++) {
        if (signo != SIGKILL && signo != SIGSTOP) signal(signo, SIG_DFL);
    }
    sigprocmask(SIG_SETMASK, &none, NULL);
    // Killed with the core: the signal comes when the forking thread ends, and that thread lives until the
    // child is reaped (LimitedProcess), so only the core's death sends it. A core killed before this line is
    // seen by the parent's pid changing.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) goto fail;
    if (setpgid(0, 0) != 0) goto fail;
    // Lower priority only: an unprivileged process cannot raise it back, and one already lower stays so.
    errno = 0;
    int current = getpriority(PRIO_PROCESS, 0);
    if (errno == 0 && current < niceness && setpriority(PRIO_PROCESS, 0, niceness) != 0) goto fail;
    if (memory_bytes > 0) {
        struct rlimit limit;
        if (getrlimit(RLIMIT_AS, &limit) != 0) goto fail;
        rlim_t wanted = (rlim_t)memory_bytes;
        if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < wanted) wanted = limit.rlim_max;
        limit.rlim_cur = wanted;
        limit.rlim_max = wanted;
        if (setrlimit(RLIMIT_AS, &limit) != 0) goto fail;
    }
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    if (dup2(null_in, STDIN_FILENO) < 0 || dup2(out[1], STDOUT_FILENO) < 0 || dup2(err[1], STDERR_FILENO) < 0)
        goto fail;
    // Everything above 2 but the report pipe is closed on exec (the core's sockets, the database, other pipes).
    if (report > 3) syscall(SYS_close_range, 3, report - 1, 4 /* CLOSE_RANGE_CLOEXEC */);
    syscall(SYS_close_range, report + 1, ~0U, 4 /* CLOSE_RANGE_CLOEXEC */);
    execve(path, argv, envp);
fail:;
    int code = errno;
    (void)!write(report, &code, sizeof code);
    _exit(127);
}

pid_t toolkit_spawn_limited(const char *path, char *const argv[], char *const envp[], int niceness,
                            unsigned long long memory_bytes, int fds[3], int *error) {
    int out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
    int null_in = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_in < 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 || pipe2(report, O_CLOEXEC) != 0) {
        *error = errno;
        if (null_in >= 0) close(null_in);
        close_pair(out);
        close_pair(err);
        close_pair(report);
        return -1;
    }
    pid_t parent = getpid();
    pid_t child = fork();
    if (child == 0) become_limited(path, argv, envp, niceness, memory_bytes, null_in, out, err, report[1], parent);
    int forkError = errno;
    close(null_in);
    close(out[1]);
    close(err[1]);
    close(report[1]);
    if (child < 0) {
        *error = forkError;
        close(out[0]);
        close(err[0]);
        close(report[0]);
        return -1;
    }
    int code = 0;
    ssize_t got;
    do {
        got = read(report[0], &code, sizeof code);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == sizeof code) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        close(out[0]);
        close(err[0]);
        *error = code;
        return -1;
    }
    // The parent sets the group too, so a signal sent to it right after this call cannot miss.
    setpgid(child, child);
    fds[0] = out[0];
    fds[1] = err[0];
#ifdef SYS_pidfd_open
    fds[2] = (int)syscall(SYS_pidfd_open, child, 0); // close-on-exec by default
#else
    fds[2] = -1;
#endif
    return child;
}
