#ifndef TOOLKIT_CLIMITEDSPAWN_PUBLIC_H
#define TOOLKIT_CLIMITEDSPAWN_PUBLIC_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (NULL-terminated) as a bounded helper (ffmpeg, ffprobe): a child in a
/// process group of its own, at niceness `niceness` or lower priority if the caller already runs lower, with
/// its address space limited to `memory_bytes` (RLIMIT_AS; 0 leaves it as it is) and no core dumps, every
/// signal at its default and none blocked, stdin from /dev/null and new pipes as its stdout and stderr;
/// every other descriptor is closed in the child.
///
/// On success returns the child's pid (also its process group's id) and sets `fds` to the parent's ends:
/// [0] reads the child's stdout, [1] reads its stderr, [2] is a pidfd readable once the child exits, or -1
/// where the kernel has none (all close-on-exec). On failure returns -1 with
/// `*error` set to the errno of the step that failed (exec's included, reported back through a
/// close-on-exec pipe).
pid_t toolkit_spawn_limited(const char *path, char *const argv[], char *const envp[], int niceness,
                            unsigned long long memory_bytes, int fds[3], int *error);

#endif
