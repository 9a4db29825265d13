/* What benchsite reads at most, so that broken or hostile input costs
 * bounded time and memory and says so when a limit is hit. Set from the
 * command line and passed down to the loader and the readers. */
#ifndef BENCHSITE_INPUT_LIMITS_H
#define BENCHSITE_INPUT_LIMITS_H

#include <stddef.h>
#include <stdint.h>

#include "base/fileio.h"

struct limits {
	size_t file_size;	/* bytes of one input file */
	size_t line;		/* bytes of one line of a bonnie++ file or meta */
	size_t runs;		/* runs below RUNS: more stops the command;
				   no limit unless the user sets one, so
				   that a growing history never meets a
				   ceiling it did not choose */
	size_t files;		/* entries read in one directory of RUNS */
};

#define LIMITS_DEFAULT { DEFAULT_MAX_FILE_SIZE, (size_t)1 << 20, SIZE_MAX, 10000 }

#endif
