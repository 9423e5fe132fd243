#ifndef TOOLKIT_CSPAWN_PUBLIC_H
#define TOOLKIT_CSPAWN_PUBLIC_H

#include <sys/types.h>

/// What `toolkit_spawn` sets in the child besides what it always does.
struct toolkit_spawn_options {
    /// Nonzero: a new pipe as the child's stdin (`fds[0]` writes it). Zero: stdin from /dev/null (`fds[0]` is -1).
    int stdin_pipe;
    /// Above 0: run at this niceness, or lower priority if the caller already runs lower (an unprivileged
    /// process cannot raise it back). 0 leaves the priority as it is.
    int niceness;
    /// Above 0: the child's address space limited to this many bytes (RLIMIT_AS).
    unsigned long long memory_bytes;
    /// Nonzero: no core dumps (RLIMIT_CORE 0).
    int no_core_dumps;
    /// Nonzero: `fds[3]` is a pidfd readable once the child exits, or -1 where the kernel has none.
    int pidfd;
    /// Nonzero: the child's stdin, stdout and stderr are duplicated from `stdio` (the caller keeps its
    /// descriptors; -1 there means /dev/null) instead of new pipes, and `fds[0..2]` are -1.
    int given_stdio;
    int stdio[3];
    /// Non-NULL: the child starts in this directory.
    const char *directory;
    /// Nonzero: no parent-death signal, for a caller whose forking thread may end before the child does.
    int outlive_parent;
};

/// Starts `path` with `argv` and `envp` (NULL-terminated): a child in a process group of its own whose
/// parent-death signal is SIGKILL, with every signal at its default and none blocked, new pipes as its stdout
/// and stderr, and what `options` asks; every other descriptor is closed in the child. Every child the
/// toolkit starts (plugins, ffmpeg, rclone, the tests' processes) starts this way: neither posix_spawn nor
/// swift-subprocess sets a parent-death signal or the limits.
///
/// The parent-death signal fires when the *thread* that forked exits, so call this from a thread that lives
/// as long as the child runs (or set `outlive_parent`).
///
/// On success returns the child's pid (also its process group's id) and sets `fds` to the parent's ends:
/// [0] writes the child's stdin (-1 without `stdin_pipe`), [1] reads its stdout, [2] reads its stderr, [3] the
/// pidfd (-1 without `pidfd`); all close-on-exec. On failure returns -1 with `*error` set to the errno of the
/// step that failed (exec's included, reported back through a close-on-exec pipe).
pid_t toolkit_spawn(const char *path, char *const argv[], char *const envp[],
                    const struct toolkit_spawn_options *options, int fds[4], int *error);

#endif
