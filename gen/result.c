/* The bonnie++ metric table and result helpers; see result.h. */
#include "result.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

const struct metric_def metric_defs[M_COUNT] = {
	[M_PUTC] = {"putc", "Per-char write", "KiB/s", MK_THROUGHPUT, true},
	[M_PUT_BLOCK] = {"put_block", "Block write", "KiB/s", MK_THROUGHPUT, true},
	[M_REWRITE] = {"rewrite", "Rewrite", "KiB/s", MK_THROUGHPUT, true},
	[M_GETC] = {"getc", "Per-char read", "KiB/s", MK_THROUGHPUT, true},
	[M_GET_BLOCK] = {"get_block", "Block read", "KiB/s", MK_THROUGHPUT, true},
	[M_SEEKS] = {"seeks", "Random seeks", "/s", MK_RATE, true},
	[M_SEQ_CREATE] = {"seq_create", "Sequential create", "/s", MK_RATE, true},
	[M_SEQ_STAT] = {"seq_stat", "Sequential stat", "/s", MK_RATE, true},
	[M_SEQ_DEL] = {"seq_del", "Sequential delete", "/s", MK_RATE, true},
	[M_RAN_CREATE] = {"ran_create", "Random create", "/s", MK_RATE, true},
	[M_RAN_STAT] = {"ran_stat", "Random stat", "/s", MK_RATE, true},
	[M_RAN_DEL] = {"ran_del", "Random delete", "/s", MK_RATE, true},
};

int
metric_by_key(const char *key)
{
	for (int i = 0; i < M_COUNT; i++)
		if (strcmp(metric_defs[i].key, key) == 0)
			return i;
	return -1;
}

void
result_init(struct result *r)
{
	memset(r, 0, sizeof *r);
	r->concurrency = -1;
	for (int i = 0; i < M_COUNT; i++) {
		r->m[i].state = VS_NOT_RUN;
		r->m[i].cpu = -1;
		r->m[i].latency_us = -1;
	}
}

void
result_free(struct result *r)
{
	free(r->file);
	free(r->bonnie_version);
	free(r->csv_format);
	free(r->name);
	free(r->size);
	free(r->chunk);
	free(r->files);
	result_init(r);
}
