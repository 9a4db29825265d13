/* Front-coded sorted names; see sortednames.h. */
#include "base/sortednames.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Names per block: a lookup walks at most this many after a binary
 * search of the blocks' first names. */
#define SORTED_NAMES_BLOCK 16

/* Front coding: name put after prev as the length they share, then the
 * rest of name and its NUL; both at most SORTED_NAMES_MAX long. A shared
 * length below 255 in one byte, else 255 and two more (SORTED_NAMES_MAX
 * fits in them). */
static void
front_code(struct buf *b, const char *prev, const char *name)
{
	size_t shared = 0;
	unsigned char v[3];

	while (prev[shared] && prev[shared] == name[shared])
		shared++;
	v[0] = (unsigned char)(shared < 255 ? shared : 255);
	v[1] = (unsigned char)(shared >> 8);
	v[2] = (unsigned char)shared;
	buf_add(b, v, shared < 255 ? 1 : 3);
	buf_add(b, name + shared, strlen(name + shared) + 1);
}

/* The length the name coded at p shares with the one before it, in
 * *shared; returns where the rest of it is (a string). */
static const char *
front_shared(const char *p, size_t *shared)
{
	const unsigned char *u = (const unsigned char *)p;

	*shared = u[0] == 255 ? (size_t)u[1] << 8 | u[2] : u[0];
	return p + (u[0] == 255 ? 3 : 1);
}

/* The name coded at p, out holding the name coded before it: put in
 * out. Returns where the next one is coded. */
static const char *
front_decode(const char *p, char *out)
{
	size_t shared, len;
	const char *rest = front_shared(p, &shared);

	len = strlen(rest);
	memcpy(out + shared, rest, len + 1);
	return rest + len + 1;
}

bool
sorted_names_add(struct sorted_names *s, const char *name)
{
	size_t len = strlen(name);
	const char *last = s->last.p ? s->last.p : "";

	if (len > SORTED_NAMES_MAX || (s->n > 0 && strcmp(last, name) >= 0))
		return false;
	if (s->n % SORTED_NAMES_BLOCK == 0) {
		xgrow((void **)&s->blocks, &s->capblocks, s->nblocks + 1,
		    sizeof *s->blocks);
		s->blocks[s->nblocks++] = s->coded.n;
		last = "";
	}
	front_code(&s->coded, last, name);
	s->last.n = 0;
	buf_add(&s->last, name, len);
	s->n++;
	return true;
}

bool
sorted_names_has(const struct sorted_names *s, const char *name)
{
	size_t lo = 0, hi = s->nblocks, at, end, match = 0;

	/* The last block whose first name is not after name (a first name
	 * shares nothing: its text follows its one byte of length). */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(s->coded.p + s->blocks[mid] + 1, name) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return false;
	end = lo < s->nblocks ? s->blocks[lo] : s->coded.n;
	/* Through the block without decoding: every name passed is before
	 * name and shares match bytes with it. The next one shares more
	 * with the one passed: it is before name too. Less: it is after. */
	for (at = s->blocks[lo - 1]; at < end; ) {
		size_t shared, k = 0;
		const char *rest = front_shared(s->coded.p + at, &shared);

		if (shared < match)
			return false;
		if (shared == match) {
			while (rest[k] && rest[k] == name[match + k])
				k++;
			if (rest[k] == name[match + k])
				return true;
			if ((unsigned char)rest[k] > (unsigned char)name[match +
			    k])
				return false;
			match += k;
		}
		at = (size_t)(rest + k - s->coded.p);
		at += strlen(rest + k) + 1;
	}
	return false;
}

const char *
sorted_names_next(const struct sorted_names *s, size_t *at, char *out)
{
	if (*at >= s->coded.n)
		return NULL;
	*at = (size_t)(front_decode(s->coded.p + *at, out) - s->coded.p);
	return out;
}

void
sorted_names_trim(struct sorted_names *s)
{
	if (s->coded.p) {
		s->coded.p = xrealloc(s->coded.p, s->coded.n + 1);
		s->coded.cap = s->coded.n + 1;
	}
	if (s->blocks) {
		s->blocks = xrealloc(s->blocks, s->nblocks * sizeof *s->blocks);
		s->capblocks = s->nblocks;
	}
}

void
sorted_names_free(struct sorted_names *s)
{
	buf_free(&s->coded);
	buf_free(&s->last);
	free(s->blocks);
	memset(s, 0, sizeof *s);
}
