/* libFuzzer target: a site's manifest as publish.c reads it, line by line
 * (base/fileio.c's file_read_lines) into a front-coded set
 * (base/sortednames.c), on any bytes. The lines must be the bytes split
 * at each newline, a NUL among them kept and counted in their length,
 * the last one marked when the file does not end it; and the set made
 * of them, sorted, must hold each one once, find it, find no name beside
 * it the lines do not have, and walk them back in order. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/sortednames.h"
#include "base/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

struct lines {
	char **v;
	size_t *len;
	bool *ended;
	size_t n, cap, caplen, capended;
};

/* A copy of the len bytes at line, NULs and all, and a NUL after. */
static void
push(struct lines *l, const char *line, size_t len, bool ended)
{
	char *copy = xmalloc(len + 1);

	memcpy(copy, line, len);
	copy[len] = '\0';
	xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
	xgrow((void **)&l->len, &l->caplen, l->n + 1, sizeof *l->len);
	xgrow((void **)&l->ended, &l->capended, l->n + 1, sizeof *l->ended);
	l->v[l->n] = copy;
	l->len[l->n] = len;
	l->ended[l->n++] = ended;
}

static bool
take(void *ctx, char *line, size_t len, bool ended)
{
	if (line[len] != '\0')
		abort();
	push(ctx, line, len, ended);
	return true;
}

static void
lines_free(struct lines *l)
{
	for (size_t k = 0; k < l->n; k++)
		free(l->v[k]);
	free(l->v);
	free(l->len);
	free(l->ended);
}

/* The lines the bytes hold, split by hand: each up to its newline. */
static void
expect_lines(const uint8_t *data, size_t size, struct lines *l)
{
	size_t start = 0;

	for (size_t k = 0; k < size; k++)
		if (data[k] == '\n') {
			push(l, (const char *)data + start, k - start, true);
			start = k + 1;
		}
	if (start < size)
		push(l, (const char *)data + start, size - start, false);
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The lines v[0..n) sorted into a set: each kept once (v[0..kept) then
 * holds them), each found, a name one byte longer found only when it is
 * one of them, and the walk giving them in order. */
static void
check_set(char **v, size_t n)
{
	struct sorted_names s = {0};
	char out[SORTED_NAMES_MAX + 1], probe[SORTED_NAMES_MAX + 2];
	const char *got;
	size_t kept = 0, at = 0, walked = 0;

	qsort(v, n, sizeof *v, cmp_names);
	for (size_t k = 0; k < n; k++) {
		bool fits = strlen(v[k]) <= SORTED_NAMES_MAX && (kept == 0 ||
		    strcmp(v[kept - 1], v[k]) != 0);

		if (sorted_names_add(&s, v[k]) != fits)
			abort();
		if (fits) {
			char *t = v[kept];

			v[kept++] = v[k];
			v[k] = t;
		}
	}
	for (size_t k = 0; k < kept; k++) {
		size_t len = strlen(v[k]);

		if (!sorted_names_has(&s, v[k]) || sorted_names_add(&s, v[k]))
			abort();
		memcpy(probe, v[k], len);
		memcpy(probe + len, "x", 2);
		if (sorted_names_has(&s, probe) != (bsearch(&(char *){probe},
		    v, kept, sizeof *v, cmp_names) != NULL))
			abort();
	}
	while ((got = sorted_names_next(&s, &at, out)) != NULL)
		if (walked >= kept || strcmp(got, v[walked++]) != 0)
			abort();
	if (walked != kept || s.n != kept)
		abort();
	sorted_names_free(&s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[] = "/tmp/benchsite-fuzz-names-XXXXXX";
	struct lines got = {0}, want = {0};
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	if (!file_read_lines(path, SIZE_MAX, take, &got))
		abort();
	unlink(path);
	expect_lines(data, size, &want);
	if (got.n != want.n)
		abort();
	for (size_t k = 0; k < got.n; k++)
		if (got.len[k] != want.len[k] || memcmp(got.v[k], want.v[k],
		    got.len[k]) != 0 || got.ended[k] != want.ended[k])
			abort();
	check_set(got.v, got.n);
	lines_free(&got);
	lines_free(&want);
	return 0;
}
