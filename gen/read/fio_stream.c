/* fio's JSON documents read as a file comes, piece by piece; see fio.h.
 * The window holds the bytes from the first one not read yet: white
 * space, then at most the document being read. Each document is read by
 * the walk (fio_json_walk.c) where it stands in the window, as
 * fio_read_json reads it in a whole file; one the walk gives up, or any
 * byte that is neither white space nor a document, and the stream stops:
 * the caller reads the file whole, and fio_read_json says what it makes
 * of it. */
#include "read/fio_int.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Room asked of the window for each read: a few documents, or as much
 * as the window holds, so that a document longer than that is read
 * again only as often as its length doubles. */
#define ROOM (256 * 1024)
/* The longest first key fio_opens_document looks for. */
#define FIRST_KEY 16

struct fio_stream {
	char *file;
	char *buf;
	size_t cap, n;		/* the window: buf[0..n) */
	size_t at;		/* its first byte not read */
	long line;		/* the line of buf[at] in the file */
	size_t docs;
	bool ended, stopped;
	bool detected;		/* fio_detect would find the file */
	struct fio_walk *walk;
	struct fio_results res;
	struct diags d;		/* said only at the end, if the file is read */
};

static bool
is_space(char c)
{
	return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

struct fio_stream *
fio_stream_new(const char *file)
{
	struct fio_stream *s = xcalloc(1, sizeof *s);

	s->file = xstrdup(file);
	s->line = 1;
	s->walk = fio_walk_new();
	s->d.quiet = 1;
	return s;
}

char *
fio_stream_room(struct fio_stream *s, size_t *room)
{
	if (s->at > 0) {
		memmove(s->buf, s->buf + s->at, s->n - s->at);
		s->n -= s->at;
		s->at = 0;
	}
	if (s->cap - s->n < ROOM || s->cap - s->n < s->n) {
		s->cap = s->n + (s->n > ROOM ? s->n : ROOM);
		s->buf = xrealloc(s->buf, s->cap);
	}
	*room = s->cap - s->n;
	return s->buf + s->n;
}

/* Reads the next document of the window: true when one was read; false
 * when more bytes are needed, the file is done, or the stream stopped. */
static bool
next_document(struct fio_stream *s)
{
	const char *b = s->buf;
	size_t at = s->at, k, end, before = s->res.n;
	long line;

	for (; at < s->n && is_space(b[at]); at++)
		s->line += b[at] == '\n';
	s->at = at;
	if (at == s->n)
		return false;
	if (b[at] != '{') {
		s->stopped = true;
		return false;
	}
	/* fio_opens_document looks past white space at the first key */
	for (k = at + 1; k < s->n && is_space(b[k]); k++)
		;
	if (!s->ended && s->n - k < FIRST_KEY)
		return false;
	if (!fio_opens_document(b, s->n, at)) {
		s->stopped = true;
		return false;
	}
	end = at;
	line = s->line;
	if (!fio_walk_document(s->walk, s->file, b, s->n, &end, &line,
	    &s->res, &s->d)) {
		if (!fio_walk_cut_short(s->walk) || s->ended)
			s->stopped = true;
		return false;
	}
	/* a document without a job is dropped: its lines are then read
	 * as text, which the whole file's reading does */
	if (s->res.n == before) {
		s->stopped = true;
		return false;
	}
	/* fio_detect's marks, which can stand only inside documents */
	if (!s->detected)
		s->detected = fio_detect(b + at, end - at);
	s->at = end;
	s->line = line;
	s->docs++;
	return true;
}

bool
fio_stream_take(struct fio_stream *s, size_t n)
{
	if (s->stopped)
		return false;
	if (n == 0)
		s->ended = true;
	s->n += n;
	while (next_document(s))
		;
	return !s->stopped;
}

bool
fio_stream_end(struct fio_stream *s, struct fio_results *out,
    struct diags *d)
{
	if (s->stopped || !s->ended || s->at != s->n || s->docs == 0 ||
	    !s->detected)
		return false;
	size_t first = out->n;

	for (size_t i = 0; i < s->res.n; i++) {
		xgrow((void **)&out->v, &out->cap, out->n + 1, sizeof *out->v);
		out->v[out->n++] = s->res.v[i];
	}
	s->res.n = 0;
	diags_append(d, &s->d);
	fio_drop_unsound(s->file, out, first, d);
	return true;
}

void
fio_stream_free(struct fio_stream *s)
{
	if (s == NULL)
		return;
	fio_walk_free(s->walk);
	fio_results_free(&s->res);
	diags_free(&s->d);
	free(s->buf);
	free(s->file);
	free(s);
}
