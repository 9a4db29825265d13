/* The reader's CSV part: every generation of bonnie++ CSV line, mapped by
 * position and format version (never by the -x header, which does not
 * match the data), re-joined when a mail client wrapped it. */
#include "read/reader_int.h"
#include "read/units.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 64

/* Where each thing sits in one CSV generation; -1 when absent. The
 * twelve results are consecutive (rate, cpu) pairs in bonnie++'s order
 * from io (the six IO tests) and file (the six file tests). */
struct csv_layout {
	int nfields;
	int format, version, name, concurrency, seed, size, chunk;
	int io;
	int nfiles, max_size, min_size, dirs, dirs_alt;
	int file;
	int latency;	/* first of twelve latencies */
	int seekers;	/* seek processes (1.98+), or -1 */
};

/* 1.00 - 1.03e: the size field carries the chunk ("1G:4k") and num_files
 * the whole file-test spec ("4:1024:256/2"). */
static const struct csv_layout layout_10x = {
	27, -1, -1, 0, -1, -1, 1, -1, 2, 14, -1, -1, -1, -1, 15, -1, -1
};
/* Early 1.90 - 1.91 ("2,..." or "1.91a,..."), known from source only. */
static const struct csv_layout layout_c0 = {
	45, 0, 1, 2, -1, -1, 3, 4, 5, 17, 18, 19, 20, -1, 21, 33, -1
};
/* 1.93c - 1.97: num_dirs sits in the column the header calls
 * file_chunk_size (23); 22 is read only if 23 is empty. */
static const struct csv_layout layout_d = {
	48, 0, 1, 2, 3, 4, 5, 6, 7, 19, 20, 21, 23, 22, 24, 36, -1
};
/* 1.98 - 2.00a: seek count and seeker count inserted after the chunk. */
static const struct csv_layout layout_f = {
	50, 0, 1, 2, 3, 4, 5, 6, 9, 21, 22, 23, 25, 24, 26, 38, 8
};

struct fields {
	char *buf;			/* owned copy of the joined line */
	const char *f[MAX_FIELDS];
	size_t len[MAX_FIELDS];
	size_t n;			/* may exceed MAX_FIELDS */
};

static void
split_fields(struct fields *fs, const char *s, size_t len)
{
	size_t start = 0;

	free(fs->buf);
	fs->buf = xstrndup(s, len);
	fs->n = 0;
	for (size_t i = 0; i <= len; i++) {
		if (i < len && s[i] != ',')
			continue;
		if (fs->n < MAX_FIELDS) {
			fs->f[fs->n] = fs->buf + start;
			fs->len[fs->n] = i - start;
		}
		fs->n++;
		start = i + 1;
	}
}

static bool
field_is(const struct fields *fs, size_t i, const char *word)
{
	return i < fs->n && i < MAX_FIELDS && fs->len[i] == strlen(word) &&
	    memcmp(fs->f[i], word, fs->len[i]) == 0;
}

/* Compares a format version with "M.NN"; letters sort after the digits. */
static int
version_cmp(const char *v, size_t len, const char *with)
{
	size_t wl = strlen(with);
	int c = strncmp(v, with, len < wl ? len : wl);

	if (c != 0)
		return c;
	return (int)len - (int)wl;
}

static bool
empty_fields(const struct fields *fs, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (fs->len[i] != 0)
			return false;
	return true;
}

enum start_kind {
	START_NONE,
	START_HEADER,	/* a -x header line: skipped */
	START_NEW,	/* "format_version,bonnie_version,..." */
	START_OLD	/* 1.0x "name,size,..." */
};

static bool
cell_shaped(const char *s, size_t len)
{
	double v;
	bool approx;
	int cpu;

	return len == 0 || units_rate(s, len, false, &v, &approx) != CELL_BAD ||
	    units_cpu(s, len, &cpu) != CELL_BAD;
}

static enum start_kind
classify_start(const struct fields *fs)
{
	struct size_field sf;
	long long n;

	if (fs->n < 2)
		return START_NONE;
	if (field_is(fs, 0, "format_version") ||
	    (field_is(fs, 0, "name") && field_is(fs, 1, "file_size")))
		return START_HEADER;
	if ((units_is_version(fs->f[0], fs->len[0]) || field_is(fs, 0, "2")) &&
	    units_is_version(fs->f[1], fs->len[1]))
		return START_NEW;
	/* 1.0x: a name, a size (or nothing, with -s 0; a bare MiB count
	 * only in 1.00, accepted on a whole line), then figures. A piece of
	 * a wrapped line starts with a figure, so the name must not be one. */
	if (fs->n == 27 && fs->len[0] == 0 && empty_fields(fs, 1, 14) &&
	    units_is_files_spec(fs->f[14], fs->len[14]))
		return START_OLD;	/* -s 0 with an empty machine name */
	if (fs->n < 4 || fs->n > MAX_FIELDS || (fs->len[0] > 0 &&
	    cell_shaped(fs->f[0], fs->len[0])))
		return START_NONE;
	/* A name, a size and 27 fields in all is 1.0x, whatever its
	 * figures: each bad one is then reported by its field. */
	if (fs->n == 27 && fs->len[0] > 0 &&
	    units_size_field(fs->f[1], fs->len[1], &sf))
		return START_OLD;
	if (((fs->len[1] == 0 && fs->len[0] > 0) || units_size_field(fs->f[1], fs->len[1], &sf) ||
	    (fs->n == 27 && units_integer(fs->f[1], fs->len[1], &n))) &&
	    cell_shaped(fs->f[2], fs->len[2]) && cell_shaped(fs->f[3], fs->len[3]))
		return START_OLD;
	return START_NONE;
}

/* A first field that ends in a command quoting the line ("$ echo
 * host", "echo host"): the CSV is an argument being fed to a tool,
 * shown again, not a result of its own. */
static bool
is_command_field(const char *s, size_t len)
{
	static const char *const commands[] = {"echo ", "printf "};

	for (size_t k = 0; k < sizeof commands / sizeof *commands; k++) {
		size_t n = strlen(commands[k]);

		for (size_t i = 0; i + n < len; i++)
			if ((i == 0 || s[i - 1] == ' ') &&
			    strncmp(s + i, commands[k], n) == 0)
				return true;
	}
	return false;
}

/* A line that is mostly bonnie++ cells but starts no known layout. */
static bool
looks_like_record(const struct fields *fs)
{
	size_t cells = 0;

	if (fs->n < 20 || fs->n > MAX_FIELDS)
		return false;
	for (size_t i = 0; i < fs->n; i++)
		cells += fs->len[i] > 0 && cell_shaped(fs->f[i], fs->len[i]);
	return cells * 2 > fs->n;
}

/* The layout for a new-format line: by its format version, and for
 * 1.93c - 1.96 also 47 fields (the -s 0 bug). NULL if unknown. */
static const struct csv_layout *
layout_for(const struct fields *fs, size_t *alt_count)
{
	const char *v = fs->f[0];
	size_t vl = fs->len[0];

	*alt_count = 0;
	if (field_is(fs, 0, "2"))
		return &layout_c0;
	if (version_cmp(v, vl, "1.98") >= 0)
		return &layout_f;
	if (version_cmp(v, vl, "1.97") >= 0)
		return &layout_d;
	if (version_cmp(v, vl, "1.93") >= 0) {
		*alt_count = 47;
		return &layout_d;
	}
	if (version_cmp(v, vl, "1.90") >= 0)
		return &layout_c0;
	return NULL;
}

static void
trimmed(const struct line *l, size_t *a, size_t *b)
{
	*a = 0;
	*b = l->len;
	while (*a < *b && isspace((unsigned char)l->text[*a]))
		(*a)++;
	while (*b > *a && isspace((unsigned char)l->text[*b - 1]))
		(*b)--;
}

/* A piece of a wrapped CSV line: no spaces, starts as the rest of a
 * field or a new one would ("2083us,,,", "++,+++", ",16"), and is not a
 * whole record of its own. */
static bool
is_continuation(const struct line *l, struct fields *scratch)
{
	size_t a, b;
	enum start_kind k;

	trimmed(l, &a, &b);
	if (a == b || !strchr("0123456789+,.kmgus", l->text[a]))
		return false;
	for (size_t i = a; i < b; i++)
		if (isspace((unsigned char)l->text[i]))
			return false;
	split_fields(scratch, l->text + a, b - a);
	k = classify_start(scratch);
	return k == START_NONE || (k == START_OLD && scratch->n < 27);
}

static char *
field_dup(const struct fields *fs, int i)
{
	if (i < 0 || (size_t)i >= fs->n || fs->len[i] == 0)
		return NULL;
	return xstrndup(fs->f[i], fs->len[i]);
}

/* One (rate, cpu) pair into m; reports a damaged field. */
static void
read_pair(struct reader_ctx *c, long line, const struct fields *fs,
    int at, enum metric_id id, struct measure *m)
{
	const char *rs = fs->f[at], *cs = fs->f[at + 1];
	size_t rl = fs->len[at], cl = fs->len[at + 1];
	enum cell_kind rk, ck;
	bool approx;
	int cpu = -1;

	if (rl == 0 && cl == 0)
		return;		/* not run */
	rk = units_rate(rs, rl, false, &m->value, &approx);
	/* a %CP left empty (a table typed into CSV) is unknown */
	ck = cl == 0 ? CELL_VALUE : units_cpu(cs, cl, &cpu);
	if (rk == CELL_BAD || ck == CELL_BAD) {
		diags_add(c->diags, MSG_ERROR, c->file, line,
		    "CSV field %d (%s): \"%.*s,%.*s\" is not a bonnie++ figure",
		    at, metric_defs[id].key, (int)(rl > 20 ? 20 : rl), rs,
		    (int)(cl > 20 ? 20 : cl), cs);
		m->state = VS_INVALID;
		return;
	}
	m->state = rk == CELL_TOO_FAST ? VS_TOO_FAST : VS_OK;
	m->cpu = ck == CELL_VALUE ? cpu : -1;
}

static void
read_latency(struct reader_ctx *c, long line, const struct fields *fs,
    int at, enum metric_id id, struct measure *m)
{
	if (fs->len[at] == 0)
		return;
	if (!units_latency(fs->f[at], fs->len[at], &m->latency_us))
		diags_add(c->diags, MSG_WARNING, c->file, line,
		    "CSV field %d (%s latency): \"%.*s\" is not a latency",
		    at, metric_defs[id].key,
		    (int)(fs->len[at] > 20 ? 20 : fs->len[at]), fs->f[at]);
}

/* The file-test spec as bonnie++ prints it, from the split fields of
 * 1.9x+ lines: "16", "20:128:4/200". */
static char *
files_spec(const struct fields *fs, const struct csv_layout *lay)
{
	char buf[128];
	int dirs = lay->dirs;

	if (fs->len[lay->nfiles] == 0)
		return NULL;
	if (lay->max_size < 0)
		return field_dup(fs, lay->nfiles);
	if (fs->len[dirs] == 0 && lay->dirs_alt >= 0)
		dirs = lay->dirs_alt;
	snprintf(buf, sizeof buf, "%.*s", (int)fs->len[lay->nfiles],
	    fs->f[lay->nfiles]);
	if (fs->len[lay->max_size] > 0)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), ":%.*s",
		    (int)fs->len[lay->max_size], fs->f[lay->max_size]);
	if (fs->len[lay->min_size] > 0)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), ":%.*s",
		    (int)fs->len[lay->min_size], fs->f[lay->min_size]);
	if (fs->len[dirs] > 0 && !field_is(fs, dirs, "1") &&
	    !field_is(fs, dirs, "0"))
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "/%.*s",
		    (int)fs->len[dirs], fs->f[dirs]);
	return xstrdup(buf);
}

static void
read_size(struct result *r, const struct fields *fs,
    const struct csv_layout *lay)
{
	struct size_field sf;
	const char *s = fs->f[lay->size];
	size_t len = fs->len[lay->size];

	if (len == 0)
		return;
	if (units_size_field(s, len, &sf)) {
		r->size = xstrdup(sf.size);
		if (sf.chunk[0] != '\0')
			r->chunk = xstrdup(sf.chunk);
	} else {
		r->size = xstrndup(s, len);	/* 1.00 printed bare MiB */
	}
	if (lay->chunk >= 0 && fs->len[lay->chunk] > 0) {
		free(r->chunk);
		r->chunk = field_dup(fs, lay->chunk);
	}
}

static void
map_fields(struct reader_ctx *c, const struct line *l, const struct fields *fs,
    const struct csv_layout *lay)
{
	long line = l->no;
	struct result *r = ctx_new_result(c, l, FROM_CSV);
	long long n;

	r->csv_format = lay == &layout_10x ? xstrdup("1.0x") :
	    field_dup(fs, lay->format);
	r->bonnie_version = field_dup(fs, lay->version);
	r->name = xstrndup(fs->f[lay->name], fs->len[lay->name]);
	read_size(r, fs, lay);
	if (lay->concurrency >= 0 && units_integer(fs->f[lay->concurrency],
	    fs->len[lay->concurrency], &n) && n <= 100000)
		r->concurrency = (int)n;
	if (lay->seekers >= 0 && units_integer(fs->f[lay->seekers],
	    fs->len[lay->seekers], &n) && n >= 1 && n <= 100000)
		r->seekers = (int)n;
	if (lay->seed >= 0 && units_integer(fs->f[lay->seed],
	    fs->len[lay->seed], &n)) {
		r->has_seed = true;
		r->seed = n;
	}
	r->files = files_spec(fs, lay);
	for (int i = 0; i < M_COUNT; i++) {
		int at = i < M_IO_COUNT ? lay->io + 2 * i :
		    lay->file + 2 * (i - M_IO_COUNT);

		read_pair(c, line, fs, at, i, &r->m[i]);
		if (lay->latency >= 0)
			read_latency(c, line, fs, lay->latency + i, i, &r->m[i]);
	}
}

/* Joins the lines after i that continue a wrapped record until it has
 * want fields; returns how many lines were joined. */
static size_t
join_wrapped(struct reader_ctx *c, size_t i, struct fields *fs, size_t want,
    size_t alt)
{
	struct fields scratch = {0};
	size_t a, b, used = 0;
	char *joined;

	trimmed(&c->ls->v[i], &a, &b);
	joined = xstrndup(c->ls->v[i].text + a, b - a);
	/* A 47-field line of 1.93c-1.96 -s 0 (size empty) is complete. */
	while (fs->n < want && !(fs->n == alt && fs->len[5] == 0) &&
	    used < 8 && i + used + 1 < c->ls->n) {
		const struct line *next = &c->ls->v[i + used + 1];
		struct fields probe = {0};
		char *cand;

		if (!is_continuation(next, &scratch))
			break;
		trimmed(next, &a, &b);
		cand = xasprintf("%s%.*s", joined, (int)(b - a), next->text + a);
		split_fields(&probe, cand, strlen(cand));
		if (probe.n > want) {
			free(probe.buf);
			free(cand);
			break;
		}
		free(joined);
		joined = cand;
		free(fs->buf);
		*fs = probe;
		used++;
	}
	free(scratch.buf);
	free(joined);
	return used;
}

/* "c6300-optimized:4000M,43976,99,...": a 1.0x line one field short
 * whose name and size a ':' joins, as a post had it. Splits them, with
 * a note, when the size is one; false otherwise. */
static bool
split_colon_size(struct reader_ctx *c, const struct line *l,
    struct fields *fs)
{
	struct size_field sf;
	size_t at = fs->len[0];
	char *fixed;

	if (fs->n != 26 || at == 0)
		return false;
	while (at > 0 && fs->f[0][at - 1] != ':')
		at--;
	if (at < 2 || !units_size_field(fs->f[0] + at, fs->len[0] - at, &sf))
		return false;
	fixed = xstrdup(fs->buf);
	fixed[fs->f[0] - fs->buf + at - 1] = ',';
	split_fields(fs, fixed, strlen(fixed));
	free(fixed);
	diags_add(c->diags, MSG_NOTE, c->file, l->no, "machine name and size "
	    "joined by ':'; read as two fields");
	return true;
}

/* Whether the block write of CSV line fs of layout lay is the table row
 * r's, when both give it: a line of another run with the same name and
 * size is no copy. */
static bool
same_block_write(const struct result *r, const struct fields *fs,
    const struct csv_layout *lay)
{
	size_t k = (size_t)lay->io + 2;
	const struct measure *m = &r->m[M_PUT_BLOCK];
	char *end, text[32];
	double v;

	if (fs->n <= k || fs->len[k] == 0 || fs->len[k] >= sizeof text ||
	    m->state != VS_OK)
		return true;
	memcpy(text, fs->f[k], fs->len[k]);
	text[fs->len[k]] = '\0';
	v = strtod(text, &end);
	return *end != '\0' || fabs(v - m->value) <= 0.01 * m->value + 0.5;
}

/* Whether a CSV line, fs of layout lay, is a copy of the table row read
 * just above it (its name and size, within a table's height): bonnie++
 * prints both, and a poster who cut the CSV short, or pasted it with a
 * field too many, lost nothing. */
static bool
copies_row_above(const struct reader_ctx *c, const struct line *l,
    const struct fields *fs, const struct csv_layout *lay)
{
	const struct result *r;
	size_t n = (size_t)lay->name, z = (size_t)lay->size;

	if (c->out->n == 0 || fs->n <= n || fs->n <= z)
		return false;
	r = &c->out->v[c->out->n - 1];
	return r->from == FROM_TEXT && l->no > r->line &&
	    l->no - r->line <= 12 && r->name && r->size &&
	    strlen(r->name) == fs->len[n] &&
	    strncmp(r->name, fs->f[n], fs->len[n]) == 0 &&
	    strlen(r->size) == fs->len[z] &&
	    strncmp(r->size, fs->f[z], fs->len[z]) == 0 &&
	    same_block_write(r, fs, lay);
}

size_t
read_csv(struct reader_ctx *c, size_t i)
{
	const struct line *l = &c->ls->v[i];
	const struct csv_layout *lay;
	struct fields fs = {0};
	size_t a, b, alt = 0, used;
	enum start_kind kind;

	trimmed(l, &a, &b);
	if (memchr(l->text + a, ',', b - a) == NULL)
		return 0;
	split_fields(&fs, l->text + a, b - a);
	kind = classify_start(&fs);
	if (kind == START_NONE && split_colon_size(c, l, &fs))
		kind = classify_start(&fs);
	if (kind == START_NONE && looks_like_record(&fs))
		diags_add(c->diags, MSG_ERROR, c->file, l->no, "line of %zu "
		    "bonnie++-like CSV fields matches no bonnie++ layout (a "
		    "comma in the machine name?); not read", fs.n);
	if (kind == START_NONE || kind == START_HEADER) {
		free(fs.buf);
		return kind == START_HEADER;
	}
	if (kind == START_OLD && is_command_field(fs.f[0], fs.len[0])) {
		diags_add(c->diags, MSG_NOTE, c->file, l->no, "CSV line inside "
		    "a shell command (\"%.*s\"); not read as a result",
		    (int)(fs.len[0] > 30 ? 30 : fs.len[0]), fs.f[0]);
		free(fs.buf);
		return 1;
	}
	lay = kind == START_OLD ? &layout_10x : layout_for(&fs, &alt);
	if (lay == NULL) {
		diags_add(c->diags, MSG_ERROR, c->file, l->no,
		    "CSV line of unknown format version \"%.*s\"; not read",
		    (int)(fs.len[0] > 10 ? 10 : fs.len[0]), fs.f[0]);
		free(fs.buf);
		return 1;
	}
	used = 1 + join_wrapped(c, i, &fs, (size_t)lay->nfields, alt);
	if (fs.n == alt && fs.len[5] == 0) {
		/* 1.93c-1.96 with -s 0 write one comma too few: the line
		 * is shifted left by one from the size on. */
		char *fixed = xasprintf("%.*s,%s", (int)(fs.f[5] - fs.buf),
		    fs.buf, fs.f[5]);

		split_fields(&fs, fixed, strlen(fixed));
		free(fixed);
	}
	if (fs.n < (size_t)lay->nfields && copies_row_above(c, l, &fs,
	    lay)) {
		diags_add(c->diags, MSG_NOTE, c->file, l->no,
		    "CSV line cut short after %zu of %d fields, a copy of "
		    "the table's row on line %ld; that row is read", fs.n,
		    lay->nfields, c->out->v[c->out->n - 1].line);
	} else if (fs.n > (size_t)lay->nfields && fs.n <=
	    (size_t)lay->nfields + 2 && copies_row_above(c, l, &fs, lay)) {
		/* a field pair pasted twice ("+++++,+++") */
		diags_add(c->diags, MSG_NOTE, c->file, l->no,
		    "CSV line has %zu fields where bonnie++ writes %d, a copy "
		    "of the table's row on line %ld; that row is read", fs.n,
		    lay->nfields, c->out->v[c->out->n - 1].line);
	} else if (fs.n != (size_t)lay->nfields) {
		diags_add(c->diags, MSG_ERROR, c->file, l->no,
		    "CSV line has %zu fields where bonnie++ %s writes %d; %s",
		    fs.n, kind == START_OLD ? "1.0x" : "of this format",
		    lay->nfields, fs.n < (size_t)lay->nfields ?
		    "cut short? not read" : "not read");
	} else {
		map_fields(c, l, &fs, lay);
	}
	free(fs.buf);
	return used;
}
