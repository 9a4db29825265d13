/* fio's job file: what fio was asked, beside what it printed. fio's
 * normal output names a job's pattern, block size, engine and depth in
 * its header line, never direct, sync or a throttle; a run directory
 * keeps the job file it ran from (benchsite record copies it), and its
 * options fill in what the output left out. The output's own word
 * stands: an option is only set where the result has none.
 *
 * The file is INI as fio reads it: "[name]" sections, "key=value" or a
 * bare "key" per line, ';' and '#' comments; "[global]" sections apply
 * to the jobs after them, a later one over an earlier one. A job's name
 * is its section's, or its name= option. Values fio would expand
 * ("${SIZE}") say nothing here and are left out. */
#include "read/fio.h"
#include "read/fio_int.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* One line of a job file that sets an option. */
struct job_line {
	size_t section;		/* its section's number, from 1 */
	const char *key, *value;
	size_t key_len, value_len;
};

struct job_file {
	struct job_line *v;
	size_t n, cap;
	/* each section's name (as the job is named) and whether it is a
	 * global one, by number - 1 */
	struct {
		const char *name;
		size_t len;
		bool global;
	} *sec;
	size_t nsec, seccap;
};

bool
fio_value_expands(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == '`' || (i + 1 < n && s[i] == '$' &&
		    (s[i + 1] == '{' || s[i + 1] == '(' || s[i + 1] == '_' ||
		    isalnum((unsigned char)s[i + 1]))))
			return true;
	return false;
}

static void
add_section(struct job_file *f, const char *name, size_t len)
{
	xgrow((void **)&f->sec, &f->seccap, f->nsec + 1, sizeof *f->sec);
	f->sec[f->nsec].name = name;
	f->sec[f->nsec].len = len;
	f->sec[f->nsec].global = len == 6 && memcmp(name, "global", 6) == 0;
	f->nsec++;
}

/* A "key=value" or "key" line of the current section into f. */
static void
add_option(struct job_file *f, const char *s, size_t n)
{
	const char *eq = memchr(s, '=', n);
	struct job_line l = {f->nsec, s, "1", eq ? (size_t)(eq - s) : n, 1};

	if (eq) {
		l.value = eq + 1;
		l.value_len = n - (size_t)(eq + 1 - s);
	}
	text_trim(&l.key, &l.key_len);
	text_trim(&l.value, &l.value_len);
	if (l.key_len == 0 || fio_value_expands(l.value, l.value_len))
		return;
	if (l.key_len == 4 && memcmp(l.key, "name", 4) == 0 &&
	    l.value_len > 0) {
		f->sec[f->nsec - 1].name = l.value;
		f->sec[f->nsec - 1].len = l.value_len;
		return;
	}
	xgrow((void **)&f->v, &f->cap, f->n + 1, sizeof *f->v);
	f->v[f->n++] = l;
}

/* Reads buf into f; false when it is no job file: no section, or no
 * option of those fio's keys are made of. */
static bool
parse_job_file(const char *buf, size_t len, struct job_file *f)
{
	const char *end = buf + len;
	bool known = false;

	for (const char *p = buf; p < end; ) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *s = p;
		size_t n = (size_t)((nl ? nl : end) - p);

		p = nl ? nl + 1 : end;
		text_trim(&s, &n);
		if (n == 0 || *s == ';' || *s == '#')
			continue;
		if (*s == '[' && s[n - 1] == ']' && n > 2) {
			add_section(f, s + 1, n - 2);
			continue;
		}
		if (f->nsec == 0)
			return false;	/* an option before any section */
		add_option(f, s, n);
		known |= f->n > 0 && fio_param_of(f->v[f->n - 1].key,
		    f->v[f->n - 1].key_len) != FIO_PARAMS;
	}
	return f->nsec > 0 && known;
}

/* Sets job j's missing options from section k's lines. */
static void
apply_section(const struct job_file *f, size_t k, struct fio_job *j)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].section == k + 1)
			fio_set_param(j, fio_param_of(f->v[i].key,
			    f->v[i].key_len), f->v[i].value, f->v[i].value_len);
}

/* Sets job j's missing options from the job section named as j is, then
 * from the global sections before it, the latest first. */
static void
apply_to_job(const struct job_file *f, struct fio_job *j)
{
	size_t n = strlen(j->name), k;

	for (k = 0; k < f->nsec; k++)
		if (!f->sec[k].global && f->sec[k].len == n &&
		    memcmp(f->sec[k].name, j->name, n) == 0)
			break;
	if (k == f->nsec)
		return;		/* not a job of this file */
	apply_section(f, k, j);
	while (k-- > 0)
		if (f->sec[k].global)
			apply_section(f, k, j);
}

bool
fio_job_file_section(const char *s)
{
	size_t n;

	s += strspn(s, " \t");
	n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	/* a name, not an elision ("[...]") */
	return n > 2 && s[0] == '[' && s[n - 1] == ']' &&
	    isalnum((unsigned char)s[1]) && strspn(s + 1, "abcdefghijklmnop"
	    "qrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:/+-") == n - 2;
}

bool
fio_job_file_option(const char *s)
{
	size_t k;

	s += strspn(s, " \t");
	k = strspn(s, "abcdefghijklmnopqrstuvwxyz_0123456789");
	if (k == 0)
		return false;
	s += k;
	s += strspn(s, " \t");
	return *s == '\0' || *s == '=';
}

bool
fio_job_file_comment(const char *s)
{
	s += strspn(s, " \t");
	return *s == '#' || *s == ';';
}

bool
fio_job_file_may_be(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		if (i < len && buf[i] == '[')
			return true;
		while (i < len && buf[i] != '\n')
			i++;
	}
	return false;
}

bool
fio_job_file_apply(struct fio_results *rs, const char *buf, size_t len)
{
	struct job_file f = {0};
	bool is_job_file = parse_job_file(buf, len, &f);

	for (size_t r = 0; is_job_file && r < rs->n; r++)
		for (size_t j = 0; j < rs->v[r].njobs; j++)
			apply_to_job(&f, &rs->v[r].jobs[j]);
	free(f.v);
	free(f.sec);
	return is_job_file;
}
