#ifndef TOOLKIT_CPLUGINSPAWN_PUBLIC_H
#define TOOLKIT_CPLUGINSPAWN_PUBLIC_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (NULL-terminated) as a plugin: a child in a process group of its
/// own whose parent-death signal is SIGKILL, with every signal at its default and none blocked, and
/// with new pipes as its stdin, stdout and stderr; every other descriptor is closed in the child.
///
/// The parent-death signal fires when the *thread* that forked exits, so call this from a thread that
/// lives as long as the process.
///
/// On success returns the child's pid (also its process group's id) and sets `fds` to the parent's ends:
/// [0] writes the child's stdin, [1] reads its stdout, [2] reads its stderr (all close-on-exec). On
/// failure returns -1 with `*error` set to the errno of the step that failed (exec's included, reported
/// back through a close-on-exec pipe).
pid_t toolkit_spawn_plugin(const char *path, char *const argv[], char *const envp[], int fds[3], int *error);

#endif
