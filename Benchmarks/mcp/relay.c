/* The least a bridge can do: copy stdin to the core's socket and the socket to stdout, with two threads in
 * blocking reads and writes. floor.py measures a system.ping through it beside one through `toolkit mcp`.
 *
 *   cc -O2 -pthread -o relay relay.c && ./relay SOCKET */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int sock;

static void *up(void *unused) {
    char buffer[65536];
    ssize_t count;
    while ((count = read(0, buffer, sizeof buffer)) > 0)
        if (write(sock, buffer, count) != count) break;
    shutdown(sock, SHUT_WR);
    return unused;
}

int main(int argc, char **argv) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (argc != 2 || strlen(argv[1]) >= sizeof address.sun_path) {
        fprintf(stderr, "usage: relay SOCKET\n");
        return 2;
    }
    strcpy(address.sun_path, argv[1]);
    sock = socket(AF_UNIX, SOCK_STREAM, 0);
    if (connect(sock, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("relay: connect");
        return 1;
    }
    pthread_t thread;
    pthread_create(&thread, NULL, up, NULL);
    char buffer[65536];
    ssize_t count;
    while ((count = read(sock, buffer, sizeof buffer)) > 0)
        if (write(1, buffer, count) != count) break;
    return 0;
}
