/* The reader context's constructor of results and the token helpers the
 * format parsers share; see reader_ctx.h. */
#include "read/reader_ctx.h"
#include "base/xalloc.h"

#include <string.h>

size_t
tokenize(const char *s, size_t len, struct tok *t)
{
	size_t n = 0, i = 0;

	while (i < len) {
		while (i < len && s[i] == ' ')
			i++;
		if (i == len)
			break;
		size_t start = i;

		while (i < len && s[i] != ' ')
			i++;
		if (n < MAX_TOKS) {
			t[n].s = s + start;
			t[n].len = i - start;
			t[n].col = start;
		}
		n++;
	}
	return n;
}

bool
tok_is(const struct tok *t, const char *word)
{
	return t->len == strlen(word) && memcmp(t->s, word, t->len) == 0;
}

struct result *
ctx_new_result(struct reader_ctx *c, const struct line *l,
    enum result_source from)
{
	struct result *r;

	xgrow((void **)&c->out->v, &c->out->cap, c->out->n + 1,
	    sizeof *c->out->v);
	r = &c->out->v[c->out->n++];
	result_init(r);
	r->file = xstrdup(c->file);
	r->line = l->no;
	r->quote = l->quote;
	r->from = from;
	return r;
}
