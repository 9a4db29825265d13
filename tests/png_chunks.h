/* For the tests and the fuzzer of the PNG encoder (tests/unit/
 * test_pngenc.c, tests/fuzz/fuzz_pngenc.c): a PNG's big-endian numbers,
 * and its chunks' CRCs made good again after an edit, so that the edit
 * reaches what the chunks say. */
#ifndef BENCHSITE_TESTS_PNG_CHUNKS_H
#define BENCHSITE_TESTS_PNG_CHUNKS_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

static inline uint32_t
png_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

/* Makes the CRC of every whole chunk of png good. */
static inline void
png_fix_crcs(unsigned char *png, size_t len)
{
	for (size_t c = 8; c + 12 <= len; ) {
		uint32_t k = png_be32(png + c);
		uLong crc;

		if (k > len - c - 12)
			break;
		crc = crc32(0, png + c + 4, k + 4);
		png[c + 8 + k] = (unsigned char)(crc >> 24);
		png[c + 9 + k] = (unsigned char)(crc >> 16);
		png[c + 10 + k] = (unsigned char)(crc >> 8);
		png[c + 11 + k] = (unsigned char)crc;
		c += 12 + k;
	}
}

#endif
