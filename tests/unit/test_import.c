/* Unit tests of "benchsite import" (gen/capture/import_*.c): the
 * guessing rules one line at a time, the slugs, the split of a small
 * post into one run per setup, and the results it leaves out as taken
 * before. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "capture/import.h"
#include "capture/import_int.h"
#include "read/reader.h"

static struct guesser *gs;

static int
setup(void **state)
{
	(void)state;
	gs = guesser_new();
	return gs == NULL;
}

static int
teardown(void **state)
{
	(void)state;
	guesser_free(gs);
	return 0;
}

/* The value the rules give key on line text: the most specific one,
 * as the split would choose among guesses of one line. */
static char *
guess(const char *text, const char *key)
{
	struct guesses out = {0};
	const struct guess *best = NULL;
	char *v = NULL;

	guess_line(gs, text, 1, 0, &out);
	for (size_t i = 0; i < out.n; i++)
		if (strcmp(out.v[i].key, key) == 0 &&
		    (best == NULL || out.v[i].prio > best->prio))
			best = &out.v[i];
	if (best)
		v = strdup(best->value);
	guesses_free(&out);
	return v;
}

struct case_ {
	const char *text, *key, *want;	/* want NULL: nothing guessed */
};

static void
check(const struct case_ *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *v = guess(c[i].text, c[i].key);

		if (c[i].want == NULL) {
			if (v)
				fail_msg("%s on \"%s\": got \"%s\", want none",
				    c[i].key, c[i].text, v);
		} else if (v == NULL || strcmp(v, c[i].want) != 0) {
			fail_msg("%s on \"%s\": got \"%s\", want \"%s\"",
			    c[i].key, c[i].text, v ? v : "(none)", c[i].want);
		}
		free(v);
	}
}

#define CHECK(cases) check(cases, sizeof cases / sizeof *cases)

static void
test_kernel_scheduler_filesystem(void **state)
{
	static const struct case_ cases[] = {
		{"2.6.15-rc5", "kernel", "2.6.15-rc5"},
		{"Debian 11 (kernel 5.10.0-8-amd64),", "kernel", "5.10.0-8-amd64"},
		{"kernel 2.6.18-238.el5.", "kernel", "2.6.18-238.el5"},
		{"Das Testsystem (FreeBSD 5.0-current, 20.02.2003)", "kernel",
		    NULL},
		{"bonnie++ 1.03e and mdadm 2.6", "kernel", NULL},
		{"CFQ Scheduler", "scheduler", "cfq"},
		{"back to the default anticipatory scheduler.", "scheduler",
		    "anticipatory"},
		{"[mq-deadline] kyber bfq none", "scheduler", "mq-deadline"},
		{"elevator=noop in grub", "scheduler", "noop"},
		{"the deadline elevator on every disk", "scheduler", "deadline"},
		{"the deadline for this is Friday", "scheduler", NULL},
		{"none of this helped the scheduler", "scheduler", NULL},
		{"XFS", "filesystem", "xfs"},
		{"mke2fs -b 4096 -E stride=32 -j -m 1 /dev/md0", "filesystem",
		    "ext3"},
		{"mkfs.ext4 /dev/md0", "filesystem", "ext4"},
		{"formatted it with ReiserFS", "filesystem", "reiserfs"},
		{"auf dem neuen Testsystem", "filesystem", NULL},
	};

	(void)state;
	CHECK(cases);
}

static void
test_controller_chipset(void **state)
{
	static const struct case_ cases[] = {
		{"MV88SX6081 8-port SATA II PCI-X Controller (rev 09)",
		    "controller", "MV88SX6081 8-port SATA II PCI-X Controller "
		    "(rev 09)"},
		{"MV88SX6081 8-port SATA II PCI-X Controller (rev 09)",
		    "chipset", "Marvell MV88SX6081 (rev 09)"},
		{"MV88SX6081 8-port SATA II PCI-X Controller (rev 09)", "bus",
		    "PCI-X"},
		{"03:00.0 RAID bus controller: Areca Technology Corp. "
		    "ARC-1220 8-Port PCI-Express to SATA RAID Controller",
		    "controller", "Areca Technology Corp. ARC-1220 8-Port "
		    "PCI-Express to SATA RAID Controller"},
		{"[CentOS] 3Ware 9550SX-4LP Performance", "controller",
		    "3Ware 9550SX-4LP"},
		{"Serverworks, -current, HP NetRaid-4M, 4 * MAN3367, RAID-5",
		    "controller", "HP NetRaid-4M"},
		{"a LSI MegaRAID SAS 9260-8i", "controller",
		    "LSI MegaRAID SAS 9260-8i"},
		{"interaction between 3ware RAID5 and ext3", "controller",
		    "3ware"},
		{"The new SATA controller has been installed", "controller",
		    NULL},
		{"I promise 2 results", "controller", NULL},
		{"Silicon Image, Inc. SiI 3124 PCI-X Serial ATA Controller",
		    "chipset", "Silicon Image SiI3124"},
		{"the onboard ICH10R (ahci)", "chipset", "Intel ICH10R"},
		{"the onboard ICH10R (ahci)", "driver", "ahci"},
		{"\"HP NetRaid-4M\" (aac-Treiber)", "driver", "aac"},
		{"mdadm -Cv -l5 -n4 /dev/md0 /dev/sx8/[0123]p1", "driver",
		    "sx8"},
	};

	(void)state;
	CHECK(cases);
}

static void
test_disks_raid_chunk(void **state)
{
	static const struct case_ cases[] = {
		{"4 disk raid 0", "disks.count", "4"},
		{"4 disk raid 0", "raid.level", "raid0"},
		{"2 Disk RAID0", "raid.level", "raid0"},
		{"1 Disk no raid", "disks.count", "1"},
		{"1 Disk no raid", "raid.level", "none"},
		{"Bare disk", "raid.level", "none"},
		{"with four disks", "disks.count", "4"},
		{"my 4 port Marvell", "disks.count", NULL},
		{"2 * IBM 120 GByte als Mirror:", "disks.count", "2"},
		{"2 * IBM 120 GByte als Mirror:", "disks.model", "IBM 120 GB"},
		{"2 * IBM 120 GByte als Mirror:", "raid.level", "raid1"},
		{"4 * MAN3367, RAID-5", "disks.model", "MAN3367"},
		{"4 * MAN3367, RAID-5", "raid.level", "raid5"},
		{"ST3400832AS", "disks.model", "ST3400832AS"},
		{"RAID 1+0", "raid.level", "raid10"},
		{"Linux software raid 0", "raid.kind", "md"},
		{"mdadm --create /dev/md2 --chunk=256 --level=0 "
		    "--raid-devices=4 /dev/sdc1", "disks.count", "4"},
		{"mdadm --create /dev/md2 --chunk=256 --level=0 "
		    "--raid-devices=4 /dev/sdc1", "raid.level", "raid0"},
		{"mdadm --create /dev/md2 --chunk=256 --level=0 "
		    "--raid-devices=4 /dev/sdc1", "chunk", "256k"},
		{"mdadm -Cv -l5 -n4 -c128 /dev/md0 /dev/sx8/[0123]p1",
		    "raid.level", "raid5"},
		{"mdadm -Cv -l5 -n4 -c128 /dev/md0 /dev/sx8/[0123]p1",
		    "disks.count", "4"},
		{"mdadm -Cv -l5 -n4 -c128 /dev/md0 /dev/sx8/[0123]p1", "chunk",
		    "128k"},
		{"lvcreate -L 40G -i2 -I32 -n home reliable", "chunk", "32k"},
		{"lvcreate -L 40G -i2 -I32 -n home reliable", "disks.count",
		    NULL},
		/* disks named by their maker and the words after it, or by a
		 * part number, where a count goes with them */
		{"RAID0, 2 x Maxtor DiamondMax VL40:", "disks.count", "2"},
		{"RAID0, 2 x Maxtor DiamondMax VL40:", "disks.model",
		    "Maxtor DiamondMax VL40"},
		{"two Maxtor DiamondMax VL40 drives in RAID0:", "disks.model",
		    "Maxtor DiamondMax VL40"},
		{"The drives are both Maxtor DiamondMax VL40, 30GB, DMA on.",
		    "disks.count", "2"},
		{"the internal two 74G Fujitsu U320 drives", "disks.count", "2"},
		{"the internal two 74G Fujitsu U320 drives", "disks.model",
		    "Fujitsu U320"},
		{"## 2 x Samsung 9a3 pci 4.0 (aoc supermicro card x4)",
		    "disks.model", "Samsung 9a3"},
		{"2 x MZQL23T8HCLS", "disks.count", "2"},
		{"2 x INTEL SSDPE2KX040T8", "disks.model", "INTEL SSDPE2KX040T8"},
		{"2 x Samsung SSD 860", "disks.model", "Samsung SSD 860"},
		{"4 x ST3400832AS", "disks.model", "ST3400832AS"},
		{"4 Hitachi Deskstar 7K1000 drives", "disks.model",
		    "Deskstar 7K1000"},
		{"2 x Intel Xeon E5620", "disks.count", NULL},
		{"2 x Kingston 4GB DDR3", "disks.count", NULL},
		{"2 x 4TB", "disks.model", NULL},
		{"2 x RAID5", "disks.model", NULL},
		{"(Model=OCZ       VERTEX        00.PT1          , FwRev=00.PT1  "
		    ", SerialNo=D10F8XZ)", "disks.model", "OCZ VERTEX 00.PT1"},
		{"(Model=OCZ       VERTEX        00.PT1          , FwRev=00.PT1  "
		    ", SerialNo=D10F8XZ)", "disks.count", "1"},
		{" Model=WDC WD1600AAJS-00B4A0   , FwRev=01.03A01, SerialNo=",
		    "firmware", "01.03A01"},
		{"6x HDD RAID Z2", "disks.count", "6"},
		{"LVM Striped across the four disks", "raid.level", "raid0"},
		{"the stripe size is 64k", "raid.level", NULL},
		{"HighPoint RocketRaid 2470 with four disks", "controller",
		    "HighPoint RocketRaid 2470"},
		{"Disks: two Samsung HD501LJ", "disks.model",
		    "Samsung HD501LJ"},
		{"I have two Samsung 4GB sticks", "disks.count", NULL},
		{"Disks: 2 x HD501LJ.", "disks.model", "HD501LJ"},
		{"2 x RAID10 arrays", "disks.model", NULL},
		{"Platten: zwei Samsung HD501LJ", "disks.count", "2"},
		{"Zuerst eine einzelne Platte:", "disks.count", "1"},
		{"Zuerst eine einzelne Platte:", "raid.level", "none"},
		{"Dann das RAID0 aus beiden Platten:", "disks.count", "2"},
		{"-- chunk-size=16 --", "chunk", "16k"},
		{"chunk-size 32", "chunk", "32k"},
		{"ata4: SATA max UDMA/133 cmd 0xFFFFC20000006580 ctl",
		    "disks.model", NULL},
	};

	(void)state;
	CHECK(cases);
}

static void
test_machine(void **state)
{
	static const struct case_ cases[] = {
		{"3.2Ghz Xeon 4GB RAM Dual Socket", "cpu", "3.2Ghz Xeon"},
		{"3.2Ghz Xeon 4GB RAM Dual Socket", "memory", "4GB"},
		{"zur Zeit eine CPU P3/866) umgezogen.", "cpu", "P3/866"},
		{"32GB RAM, 2x Xeon E5620.", "cpu", "Xeon E5620"},
		{"Supermicro X6DVL-EG2", "motherboard", "Supermicro X6DVL-EG2"},
		{"Mainboard (SuperMicro 370 DL3; Serverworks HE)",
		    "motherboard", "SuperMicro 370 DL3"},
		{"a Supermicro AOC-SAT2-MV8 in a Tyan S2882", "motherboard",
		    "Tyan S2882"},
		{"a Supermicro AOC-SAT2-MV8 in a Tyan S2882", "controller",
		    "Supermicro AOC-SAT2-MV8"},
		{"Das Testsystem (FreeBSD 5.0-current, 20.02.2003)", "os",
		    "FreeBSD 5.0-current"},
		{"[CentOS] 3Ware 9550SX-4LP Performance", "os", "CentOS"},
		{"Controller is a Symbios Logic 53c1030 PCI-X Fusion-MPT Dual "
		    "Ultra320 SCSI.", "controller", "Symbios Logic 53c1030 "
		    "PCI-X Fusion-MPT Dual Ultra320 SCSI"},
		{"raid controller: Dell Perc i/5", "controller",
		    "Dell Perc i/5"},
		{"The controller is a bit slow here", "controller", NULL},
		{"VGA compatible controller: Silicon Integrated Systems [SiS] "
		    "6306", "controller", NULL},
		{"Wed Mar 23 18:41:43 WST 2005", "date", "2005-03-23"},
		{"Date: Tue, 20 Dec 2005 10:11:12 -0800", "date", "2005-12-20"},
		{"by kbz &raquo; Sat Feb 09, 2008 10:21 pm", "date",
		    "2008-02-09"},
		{"On Mar 12, 2008  17:05 +0000, X wrote:", "date",
		    "2008-03-12"},
		/* in figures: day first by dots, by slashes where a
		 * number above 12 tells the order, else none */
		{"Am 20.03.2005 schrieb X <x@example.de>:", "date",
		    "2005-03-20"},
		{"On 20/03/2005 10:04, X wrote:", "date", "2005-03-20"},
		{"On 03/20/2005 10:04 AM, X wrote:", "date", "2005-03-20"},
		{"On 03/04/2005 10:04 AM, X wrote:", "date", NULL},
		{"On 31.13.2005, X wrote:", "date", NULL},
		{"2023/03/08 00:05 ssd local disk", "date", "2023-03-08"},
		{"date: 2020-05-17T20:18:04+08:00", "date", "2020-05-17"},
		{"RAM\xef\xbc\x9aKingston 16GB DDR3 1600", "memory", "16GB"},
		{"RAM: Kingston 16GB DDR3 1600", "memory", "16GB"},
		{"CPU\xef\xbc\x9aIntel E5-2630", "cpu", "Intel E5-2630"},
		{"2023/03/08 00:05 ssd local disk", "disks.count", NULL},
		{"cat md_lat_ib2_5.3.0-rc3-1-storage_2019_0806_092003.log",
		    "kernel", NULL},
		{"Per 5.8.2.1 Improved I/O examples", "kernel", NULL},
		{"kernel 2.6.16.60 on the old box", "kernel", "2.6.16.60"},
		{"blockdev --setra 16384 /dev/sda", "readahead",
		    "16384 sectors"},
		{"hdparm -W0 /dev/sdb", "write-cache", "off"},
	};

	(void)state;
	CHECK(cases);
}

static void
test_bonnie_options(void **state)
{
	static const struct case_ cases[] = {
		{"I use a basic bonnie++ -u daemon -d bonnie on XFS file "
		    "systems.", "bonnie-options", "-u daemon -d bonnie"},
		{"roach% bonnie++ -s 5192 -n20:128:4:200 -f", "bonnie-options",
		    "-s 5192 -n20:128:4:200 -f"},
		{"plain bonnie++ -u nobody:", "bonnie-options", "-u nobody"},
		{"Here are my bonnie++ tests", "bonnie-options", NULL},
	};

	(void)state;
	CHECK(cases);
}

static void
test_slug(void **state)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{"RAID 1+0", "raid-1-0"},
		{"MV88SX6081 8-port SATA II PCI-X Controller (rev 09)",
		    "mv88sx6081-8-port-sata-ii"},
		{"  Bare disk  ", "bare-disk"},
		{"--- ***", ""},
		{"abcdefghijabcdefghijabcdefghij abcdefghijabcdefghij",
		    "abcdefghijabcdefghijabcdefghij"},
		{"x", "x"}, {"Größe über 9", "gr-e-ber-9"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *s = import_slug(cases[i].text);

		assert_string_equal(s, cases[i].want);
		free(s);
	}
}

/* Past the first five words, the words with a digit: what tells apart
 * runs whose captions begin alike; still 40 bytes at most. */
static void
test_slug_numbered(void **state)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{"Rand Read Test, nr_threads=2", "rand-read-test-nr-threads-2"},
		{"MV88SX6081 8-port SATA II PCI-X Controller (rev 09)",
		    "mv88sx6081-8-port-sata-ii-09"},
		{"Ubuntu 18.04 / Linux 5.4.0:", "ubuntu-18-04-linux-5-4-0"},
		{"one two three four five six seven",
		    "one-two-three-four-five"},
		{"aaaaaaaa bbbbbbbb cccccccc dddddddd e 12345 67890",
		    "aaaaaaaa-bbbbbbbb-cccccccc-dddddddd-e"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *s = import_slug_numbered(cases[i].text);

		assert_string_equal(s, cases[i].want);
		free(s);
	}
}

/* Two tables of one machine told apart by their captions, the first
 * quoted again in a reply: two runs, each with its own prose. */
static const char post[] =
    "4 disk raid 0, CFQ scheduler, kernel 2.6.15-rc5:\n"
    "\n"
    "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
    "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
    "box              8G 48009  99 56987  11 27792   7 50606  97 191749  19 360.8   0\n"
    "\n"
    "> Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
    ">                     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
    "> Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
    "> box              8G 48009  99 56987  11 27792   7 50606  97 191749  19 360.8   0\n"
    "\n"
    "Same box, 2 disk raid 0, deadline scheduler:\n"
    "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
    "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
    "box              8G 29588  61 33894   7 21057   5 47502  91 134689  13 397.5   0\n"
    "box              8G 29611  61 33702   7 21101   5 47488  91 133977  13 398.1   0\n";

static void
test_split(void **state)
{
	struct import_runs rs = {0};
	struct diags d = {.quiet = 1};

	(void)state;
	import_split(gs, "post.txt", post, strlen(post), NULL, &rs, &d);
	assert_int_equal(rs.n, 2);
	assert_string_equal(rs.v[0].slug, "4-disk-raid-0-cfq");
	assert_int_equal(rs.v[0].first, 3);
	assert_int_equal(rs.v[0].last, 6);
	assert_int_equal(rs.v[0].samples, 1);
	assert_non_null(strstr(rs.v[0].meta, "# from line 1: 4 disk raid 0, "
	    "CFQ scheduler, kernel 2.6.15-rc5:\ndisks: 4\n"));
	assert_non_null(strstr(rs.v[0].meta, "\nscheduler: cfq\n"));
	assert_non_null(strstr(rs.v[0].meta, "\nhost: box\n"));
	assert_string_equal(rs.v[0].notes,
	    "4 disk raid 0, CFQ scheduler, kernel 2.6.15-rc5:\n");
	assert_int_equal(rs.v[1].first, 14);
	assert_int_equal(rs.v[1].last, 18);
	assert_int_equal(rs.v[1].samples, 2);
	assert_non_null(strstr(rs.v[1].meta, "\ndisks: 2\n"));
	assert_non_null(strstr(rs.v[1].meta, "\nraid: raid0\n"));
	assert_non_null(strstr(rs.v[1].meta, "\nscheduler: deadline\n"));
	/* the kernel is the machine's, said at the start of the post */
	assert_non_null(strstr(rs.v[1].meta, "# from line 1: 4 disk raid 0, "
	    "CFQ scheduler, kernel 2.6.15-rc5:\nkernel: 2.6.15-rc5\n"));
	/* the quoted table is neither a run nor prose */
	assert_string_equal(rs.v[1].notes,
	    "Same box, 2 disk raid 0, deadline scheduler:\n");
	assert_memory_equal(rs.v[1].bonnie, "Version", 7);
	import_runs_free(&rs);
	diags_free(&d);
}

/* The rows of two setups in one table, one of them run twice. */
static const char shared[] =
    "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
    "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
    "anticipatory     1G 14211  94 29870  17 11402   6 13977  88 33618  10 171.2   0\n"
    "deadline         1G 14388  95 31022  19 12877   7 14102  89 35210  11 183.5   0\n"
    "anticipatory     1G 14202  94 29911  17 11388   6 13981  88 33590  10 170.4   0\n";

static void
test_split_setups(void **state)
{
	struct import_runs rs = {0};
	struct diags d = {.quiet = 1};

	(void)state;
	import_split(gs, "rows.txt", shared, strlen(shared), NULL, &rs, &d);
	assert_int_equal(rs.n, 2);
	assert_string_equal(rs.v[0].slug, "anticipatory");
	assert_int_equal(rs.v[0].samples, 2);
	assert_string_equal(rs.v[1].slug, "deadline");
	assert_int_equal(rs.v[1].samples, 1);
	assert_null(strstr(rs.v[0].bonnie, "deadline"));
	assert_null(strstr(rs.v[1].bonnie, "anticipatory"));
	assert_non_null(strstr(rs.v[1].bonnie, "Machine        Size"));
	import_runs_free(&rs);
	diags_free(&d);
}

/* The figures of the results in text. */
static void
add_figures(struct seen *s, const char *text)
{
	struct diags quiet = {.quiet = 1};
	struct results got = {0};

	reader_read("t", text, strlen(text), NULL, &got, &quiet);
	reader_merge(&got, &quiet);
	for (size_t i = 0; i < got.n; i++)
		seen_add(s, got.v[i].m);
	results_free(&got);
	diags_free(&quiet);
}

/* A quoted copy in the post is counted, not imported; results already
 * known (in RUNS) are left out, whatever their name. */
static void
test_taken_before(void **state)
{
	static const char renamed[] =
	    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	    "other-name       8G 48009  99 56987  11 27792   7 50606  97 191749  19 360.8   0\n";
	struct import_runs rs = {0};
	struct diags d = {.quiet = 1};
	struct seen known;

	(void)state;
	import_split(gs, "post.txt", post, strlen(post), NULL, &rs, &d);
	assert_int_equal(rs.quoted, 1);
	assert_int_equal(rs.known, 0);
	import_runs_free(&rs);
	seen_init(&known);
	add_figures(&known, renamed);
	import_split(gs, "post.txt", post, strlen(post), &known, &rs, &d);
	assert_int_equal(rs.n, 1);
	assert_int_equal(rs.known, 1);
	assert_int_equal(rs.quoted, 1);
	assert_int_equal(rs.v[0].samples, 2);
	import_runs_free(&rs);
	seen_free(&known);
	diags_free(&d);
}

static void
test_figures_agree(void **state)
{
	struct measure a[M_COUNT], b[M_COUNT];

	(void)state;
	for (int i = 0; i < M_COUNT; i++) {
		a[i] = (struct measure){.value = 0, .latency_us = -1,
		    .cpu = -1, .state = VS_NOT_RUN};
		b[i] = a[i];
	}
	a[M_PUT_BLOCK] = (struct measure){131877, -1, 24, VS_OK, false};
	b[M_PUT_BLOCK] = (struct measure){128 * 1024, -1, 24, VS_OK, true};
	assert_true(figures_agree(a, b));	/* "128m" in a 2.00a table */
	b[M_PUT_BLOCK].approx = false;
	assert_false(figures_agree(a, b));
	b[M_PUT_BLOCK] = a[M_PUT_BLOCK];
	b[M_PUT_BLOCK].cpu = 25;
	assert_false(figures_agree(a, b));
	a[M_PUT_BLOCK].state = b[M_PUT_BLOCK].state = VS_TOO_FAST;
	assert_false(figures_agree(a, b));	/* "+++++" tells nothing */
}

static void
test_nothing_found(void **state)
{
	static const char text[] = "Just prose, no bonnie++ output.\n";
	struct import_runs rs = {0};
	struct diags d = {.quiet = 1};

	(void)state;
	import_split(gs, "prose.txt", text, strlen(text), NULL, &rs, &d);
	assert_int_equal(rs.n, 0);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].level, MSG_WARNING);
	import_split(gs, "empty.txt", "", 0, NULL, &rs, &d);
	assert_int_equal(rs.n, 0);
	import_runs_free(&rs);
	diags_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kernel_scheduler_filesystem),
		cmocka_unit_test(test_controller_chipset),
		cmocka_unit_test(test_disks_raid_chunk),
		cmocka_unit_test(test_machine),
		cmocka_unit_test(test_bonnie_options),
		cmocka_unit_test(test_slug),
		cmocka_unit_test(test_slug_numbered),
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_split_setups),
		cmocka_unit_test(test_taken_before),
		cmocka_unit_test(test_figures_agree),
		cmocka_unit_test(test_nothing_found),
	};

	return cmocka_run_group_tests_name("import", tests, setup, teardown);
}
