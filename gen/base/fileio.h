/* Reading whole input files with a size limit, and writing output files
 * atomically. Used by main, the run-directory loader and the site. */
#ifndef BENCHSITE_FILEIO_H
#define BENCHSITE_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

#define DEFAULT_MAX_FILE_SIZE (64u << 20)

/* Reads path ("-" is standard input) into a new NUL-terminated buffer
 * (caller frees) and sets *len. On failure reports to d (naming path)
 * and returns NULL; a regular file over max bytes is refused before it
 * is read. */
char *file_read(const char *path, size_t max, size_t *len, struct diags *d);
/* The same for a file of a runs directory: only a regular file is read,
 * so a FIFO or a device there can never block or flood the loader. */
char *file_read_regular(const char *path, size_t max, size_t *len,
    struct diags *d);
/* The same for name in the open directory dirfd (no lookup of the
 * whole path again; path names the file in messages), into *buf of
 * *cap bytes, grown as needed and kept by the caller for the next file
 * (NULL and 0 at first). Returns whether the file was read. */
bool file_read_regular_at(int dirfd, const char *name, const char *path,
    size_t max, char **buf, size_t *cap, size_t *len, struct diags *d);

/* Reads the regular file path piece by piece: room(ctx, &n) says where
 * the next bytes go (n of them), take(ctx, got) takes them (got 0 at the
 * end) and says whether to go on. Returns true when the file was read
 * to its end and take said yes each time; false, saying nothing, when
 * path is not a regular file of at most max bytes, cannot be read, or
 * take said no: the caller then reads it with file_read, which says
 * what is wrong. */
bool file_read_pieces(const char *path, size_t max,
    char *(*room)(void *ctx, size_t *n), bool (*take)(void *ctx, size_t n),
    void *ctx);

/* Opens the regular file path of at most max bytes for reading, as
 * file_read_pieces does; -1, saying nothing, for anything else. */
int file_open_regular(const char *path, size_t max);

/* Reads the regular file path line by line (through file_read_pieces,
 * so never whole): take(ctx, line, len, ended) gets each line without
 * its newline, len bytes (a NUL among them is the file's) and
 * NUL-terminated, to keep or cut in place until it returns; ended is
 * false only for a last line the file does not end. Returns as
 * file_read_pieces does. */
bool file_read_lines(const char *path, size_t max,
    bool (*take)(void *ctx, char *line, size_t len, bool ended), void *ctx);
/* The same from an open file (file_open_regular's), from where it is;
 * the caller closes it. */
bool file_read_lines_fd(int fd, size_t max,
    bool (*take)(void *ctx, char *line, size_t len, bool ended), void *ctx);

/* A window on an open file, read a piece at a time, for readers that
 * ask for bytes mostly in the order they lie (a cache's records, a job
 * log's lines): fd is the caller's, the rest the window's. */
struct file_window {
	int fd;
	char *buf;	/* the file's bytes from at, len of them */
	size_t at, len, cap;
};
/* The len bytes of the file at off, from the window or from a piece of
 * at least piece bytes read there; NULL past the file's end or when it
 * cannot be read. Valid until the next call. */
const char *file_window_get(struct file_window *, size_t off, size_t len,
    size_t piece);
void file_window_free(struct file_window *);

/* An XXH3-128 hash of this program's executable (/proc/self/exe), read
 * once per process: what tells one build of benchsite from another (its
 * caches, its renderings). Returns 0, or -1 when it cannot be read. */
int program_hash(uint64_t out[2]);

/* Whether the len bytes at p are a path below a directory that stays
 * there: parts separated by single slashes, none of them empty, "." or
 * "..", and no NUL. What a name read from a site's own records must be
 * before a build removes or keeps the file it names. */
bool path_below(const char *p, size_t len);

/* "DIR/.NAMEsuffix" for path "DIR/NAME" (trailing slashes ignored): a
 * hidden name beside path, on its file system. Caller frees. */
char *path_beside(const char *path, const char *suffix);

/* Creates the directory path and any missing parents ("mkdir -p"); with
 * parents_only, only the directories path lies in. Returns 0, or -1
 * with errno set and *failed the directory that could not be made
 * (caller frees; NULL when failed is NULL). */
int make_dirs(const char *path, bool parents_only, char **failed);

/* Writes len bytes to path through a temporary file beside it that is
 * renamed into place, so nobody ever sees half a file. Returns 0, or -1
 * (reported to d). */
int write_file_atomic(const char *path, const char *buf, size_t len,
    struct diags *d);

#endif
