#define _GNU_SOURCE
#include "CSpawn.h"

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
    pair[0] = pair[1] = -1;
}

/// In the child after fork: only async-signal-safe calls (and plain system calls) until exec. `in[0]` is the
/// child's stdin (the pipe's read end or /dev/null). Writes errno to `report` and exits on failure.
static void become_child(const char *path, char *const argv[], char *const envp[],
                         const struct toolkit_spawn_options *options, int in, int out, int err, int report,
                         pid_t parent) {
    sigset_t none;
    sigemptyset(&none);
    for (int signo = 1; signo < NSIG; signo++) {
        if (signo != SIGKILL && signo != SIGSTOP) signal(signo, SIG_DFL);
    }
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (setpgid(0, 0) != 0) goto fail;
    if (!options->outlive_parent) {
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) goto fail;
        // The parent may have died before prctl: then nobody would ever send the signal, nor read a report.
        if (getppid() != parent) _exit(127);
    }
    if (options->directory != NULL && chdir(options->directory) != 0) goto fail;
    if (options->niceness > 0) {
        errno = 0;
        int current = getpriority(PRIO_PROCESS, 0);
        if (errno == 0 && current < options->niceness && setpriority(PRIO_PROCESS, 0, options->niceness) != 0)
            goto fail;
    }
    if (options->memory_bytes > 0) {
        struct rlimit limit;
        if (getrlimit(RLIMIT_AS, &limit) != 0) goto fail;
        rlim_t wanted = (rlim_t)options->memory_bytes;
        if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < wanted) wanted = limit.rlim_max;
        limit.rlim_cur = wanted;
        limit.rlim_max = wanted;
        if (setrlimit(RLIMIT_AS, &limit) != 0) goto fail;
    }
    if (options->no_core_dumps) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
    }
    if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0 || dup2(err, STDERR_FILENO) < 0) goto fail;
    // Everything above 2 but the report pipe is closed on exec (the core's sockets, the database, other pipes).
    if (report > 3) syscall(SYS_close_range, 3, report - 1, 4 /* CLOSE_RANGE_CLOEXEC */);
    syscall(SYS_close_range, report + 1, ~0U, 4 /* CLOSE_RANGE_CLOEXEC */);
    execve(path, argv, envp);
fail:;
    int code = errno;
    (void)!write(report, &code, sizeof code);
    _exit(127);
}

/// The child's ends for `given_stdio`: a duplicate of each given descriptor (so the parent's copy is closed
/// after the fork like a pipe's end), /dev/null for -1. Returns 0, or -1 with errno set.
static int given_ends(const struct toolkit_spawn_options *options, int in[2], int out[2], int err[2]) {
    int *ends[3] = {&in[0], &out[1], &err[1]};
    for (int index = 0; index < 3; index++) {
        int given = options->stdio[index];
        *ends[index] = given >= 0 ? fcntl(given, F_DUPFD_CLOEXEC, 3)
                                  : open("/dev/null", (index == 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC);
        if (*ends[index] < 0) return -1;
    }
    return 0;
}

pid_t toolkit_spawn(const char *path, char *const argv[], char *const envp[],
                    const struct toolkit_spawn_options *options, int fds[4], int *error) {
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
    int made;
    if (options->given_stdio) {
        made = given_ends(options, in, out, err);
    } else if (options->stdin_pipe) {
        made = pipe2(in, O_CLOEXEC);
    } else {
        in[0] = open("/dev/null", O_RDONLY | O_CLOEXEC);
        made = in[0] < 0 ? -1 : 0;
    }
    if (made != 0 || (!options->given_stdio && (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0))
        || pipe2(report, O_CLOEXEC) != 0) {
        *error = errno;
        close_pair(in);
        close_pair(out);
        close_pair(err);
        close_pair(report);
        return -1;
    }
    pid_t parent = getpid();
    pid_t child = fork();
    if (child == 0) become_child(path, argv, envp, options, in[0], out[1], err[1], report[1], parent);
    int forkError = errno;
    close(in[0]);
    close(out[1]);
    close(err[1]);
    close(report[1]);
    if (child < 0) {
        *error = forkError;
        if (in[1] >= 0) close(in[1]);
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
        if (in[1] >= 0) close(in[1]);
        close(out[0]);
        close(err[0]);
        *error = code;
        return -1;
    }
    // The parent sets the group too, so a signal sent to it right after this call cannot miss.
    setpgid(child, child);
    fds[0] = in[1];
    fds[1] = out[0];
    fds[2] = err[0];
    fds[3] = -1;
#ifdef SYS_pidfd_open
    if (options->pidfd) fds[3] = (int)syscall(SYS_pidfd_open, child, 0); // close-on-exec by default
#endif
    return child;
}
