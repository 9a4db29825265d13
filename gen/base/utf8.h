/* UTF-8: the one place that decodes it, tells valid sequences from bytes
 * that are not UTF-8, walks text by characters and counts its columns.
 * Pure functions on bytes that allocate nothing, so that every stage can
 * use them, xalloc.c (xstrndup_utf8) included. */
#ifndef BENCHSITE_UTF8_H
#define BENCHSITE_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* U+FFFD REPLACEMENT CHARACTER, what a byte that is not UTF-8 becomes. */
#define UTF8_REPLACEMENT	"\xef\xbf\xbd"

/* The length (1 to 4) of the valid sequence that starts s[0..n), with its
 * code point in *cp (when cp is not NULL); 0 when none starts there: a
 * continuation byte, a byte that starts no sequence (0xc0, 0xc1, 0xf5 to
 * 0xff), an overlong form, a surrogate (U+D800 to U+DFFF), a code point
 * beyond U+10FFFF, or a sequence cut short by the end of s (n == 0 too). */
size_t utf8_decode(const char *s, size_t n, unsigned long *cp);

/* Whether s[0..n) is all valid UTF-8 (utf8_decode takes each sequence):
 * what JSON text must be, and what jansson takes as a key. */
bool utf8_valid(const char *s, size_t n);

/* Where the character at s[i] ends, within s[0..len): after its first
 * byte and every continuation byte that follows, valid or not, so that
 * each byte of any text belongs to one character; i itself when i >= len.
 * For text already made valid, or text only measured. */
size_t utf8_next(const char *s, size_t len, size_t i);

/* n moved back to the start of the character it falls in: where text of
 * at least n bytes may be cut without splitting a character. */
size_t utf8_cut(const char *s, size_t n);

/* The columns s[0..len) takes in mail and terminals: two for a wide
 * character (CJK, Hangul, fullwidth forms, emoji), none for a combining
 * mark or a zero-width one, one for any other (and for each piece of a
 * sequence that is not UTF-8). */
size_t utf8_columns(const char *s, size_t len);

/* The bytes of s[0..len) that fill at most cols columns, in whole
 * characters. */
size_t utf8_span(const char *s, size_t len, size_t cols);

/* What utf8_clean replaces besides bytes that are not UTF-8. */
enum utf8_clean_flags {
	UTF8_XML_CHARS = 1,	/* U+FFFE and U+FFFF (no XML characters)
				 * too, byte by byte as if they were not
				 * UTF-8 */
	UTF8_NO_CONTROLS = 2,	/* U+0000 to U+001F and U+007F become
				 * spaces */
	UTF8_SHOW_CONTROLS = 4,	/* they become "\xNN", as do bytes
				 * that are not UTF-8 (no U+FFFD: two
				 * names stay two), and the marks
				 * and overrides that turn the direction
				 * of text (U+200E, U+200F, U+202A to
				 * U+202E, U+2066 to U+2069) "\uNNNN":
				 * a name shown in a terminal, a report
				 * or a page then says what it holds
				 * rather than doing it (out: room for
				 * 4 * n + 1 bytes) */
};

/* Copies s[0..n), up to a NUL, into out (room for 3 * n + 1 bytes) as
 * valid UTF-8, followed by a NUL: each byte that starts no valid
 * sequence becomes U+FFFD, and the next byte is looked at anew. flags:
 * enum utf8_clean_flags. Returns the bytes written before the NUL. */
size_t utf8_clean(char *out, const char *s, size_t n, unsigned flags);

/* Where needle first stands in hay, ASCII letters of either case, or
 * NULL; and whether it stands there at all (the import's guesses, the
 * analysis's reading of a run's label). */
const char *find_ignoring_case(const char *hay, const char *needle);
bool contains_ignoring_case(const char *hay, const char *needle);

/* Narrows s[0..*n) to leave out the ASCII blanks at either end (a meta
 * line's value, a job file's option). */
void text_trim(const char **s, size_t *n);

#endif
