# genruns.awk: the generator behind genruns.sh (see there). POSIX awk
# (mawk, gawk, busybox): its own PRNG, so every awk gives the same bytes.
#
# Variables (-v): mode (dirs: print the run directories; files: write
# them; csv: print N bonnie++ 2.00a CSV lines), out (the RUNS directory),
# n (runs), first (write only runs from this index on), hosts, seed.
#
# Shape: run 0..C-1 are the single-disk references (one per controller,
# RUNS/ref-CTRL/DATE); then night k, host h is run C + k*hosts + h, in
# RUNS/HOST/DATE with DATE = 2021-01-01 + k. Every figure is a real one
# from samples/ or tests/parse/ scaled by the host's disks and RAID
# layout, with +-3% jitter per iteration.

function rnd() {			# Park-Miller: exact in doubles
	R = (R * 48271) % 2147483647
	return R / 2147483647
}
function mulmod(a, b) {		# a * b mod 2^31-1, exact in doubles
	return ((a * int(b / 65536)) % 2147483647 * 65536 + a * (b % 65536)) % 2147483647
}
# A new stream for (a, b, c): squarings mix the seed so that streams of
# neighbouring nights are not correlated.
function reseed(a, b, c,    i) {
	R = (seed * 1000003 + a * 7919 + b * 104729 + c * 15485863) % 2147483646 + 1
	for (i = 0; i < 4; i++) {
		R = (mulmod(R, R) + 1234567 + a + b + c) % 2147483647
		if (R == 0) R = 1
		rnd()
	}
}
function jit(v) { return v * (0.97 + 0.06 * rnd()) }
function pick(n) { return int(rnd() * n) }
function round(v) { return int(v + 0.5) }

function civil(days,    z, era, doe, yoe, y, doy, mp, d, m) {
	z = days + 719468
	era = int(z / 146097)
	doe = z - era * 146097
	yoe = int((doe - int(doe / 1460) + int(doe / 36524) - int(doe / 146096)) / 365)
	y = yoe + era * 400
	doy = doe - (365 * yoe + int(yoe / 4) - int(yoe / 100))
	mp = int((5 * doy + 2) / 153)
	d = doy - int((153 * mp + 2) / 5) + 1
	m = mp < 10 ? mp + 3 : mp - 9
	if (m <= 2) y++
	return sprintf("%04d-%02d-%02d", y, m, d)
}

function slug(s) {
	s = tolower(s)
	gsub(/[^a-z0-9]+/, "-", s)
	gsub(/^-|-$/, "", s)
	return s
}

BEGIN {
	if (seed == "") seed = 1
	if (hosts == "") hosts = 50
	if (first == "") first = 0
	START = 18628		# 2021-01-01

	# Metric order everywhere: putc put_block rewrite getc get_block seeks,
	# then seq_create seq_stat seq_del ran_create ran_stat ran_del.

	# Controllers (from the samples and common cards) and their disk model.
	NC = split("3ware 9550SX-4LP|Promise SATA controller (sx8)|" \
	    "onboard Marvell MV88SX6041 4-port SATA II PCI-X controller|" \
	    "Supermicro 8-port SATA II PCI-X add-in card (Marvell MV88SX6081)|" \
	    "HP NetRaid-4M|LSI MegaRAID SAS 9260-8i|Intel ICH10R AHCI", CTRL, "|")
	split("ST3400832AS|ST3400832AS|ST3200826AS|ST3400832AS|MAN3367|" \
	    "ST1000DM003|INTEL SSDSC2BB480G4", CMODEL, "|")
	split("3w-9xxx|sx8|sata_mv|sata_mv|aacraid|megaraid_sas|ahci", CDRV, "|")
	# Scaling efficiency of a card's arrays (the 8-port card's RAID0
	# writes reach about 20% of what its disks should give, as in the
	# samples).
	split("0.95|0.9|1.0|0.2|0.85|0.95|0.9", CEFFW, "|")

	# One disk of each model: put_block rewrite get_block seeks (K/s,
	# /s) with their %CP, then the six file rates ("+" is +++++).
	# ST3200826AS and ST3400832AS: marvell-sata and martello-sx8; MAN3367:
	# freebsd-roach's 3ware mirror; ST1000DM003: h8 (tests/parse); the SSD:
	# ssd1 (tests/parse spec-103-seeks1000).
	D["ST3200826AS"] = "75955 16 28891 6 67958 6 202.2 0 5807 26 + + 5190 19 5460 25 + + 3712 15"
	D["ST3400832AS"] = "57773 25 17714 6 45065 5 215.6 0 3724 18 + + 2549 11 2543 15 + + 1772 7"
	D["MAN3367"] = "34445 29 17823 17 37900 18 139.1 1 2013 23 13829 66 19196 84 2397 27 8804 51 15072 99"
	D["ST1000DM003"] = "121044 16 58122 9 176033 13 233.9 2 9012 47 + + 12203 44 9311 48 + + 8107 40"
	D["INTEL SSDSC2BB480G4"] = "203118 31 98312 17 263004 22 1187.5 12 21042 89 + + + + 20876 92 + + + +"

	# Per-character figures belong to the bonnie++ generation, not the
	# disk (1.0x and 1.9x+ measure different things): putc cpu getc cpu.
	PC[0] = "47861 99 35003 66"		# 1.03, marvell-sata
	PC[1] = "702 95 2510 94"		# 1.97, h8
	PC[2] = "3025 99 3794 98"		# 2.00a, spec-200a-sample
	PC[3] = "3011 98 3720 97"		# 2.00a -x, nas01
	# Latencies in us (1.97, 2.00a): h8, per metric.
	split("14022 1011000 1402000 27331 181000 172000 2211 612 1333 2402 44 1309", LAT, " ")

	NL = split("none 1|raid0 2|raid1 2|raid10 4|raid5 4|raid0 4|raid5 3|none 1", LAYOUT, "|")
	NFSYS = split("xfs|ext3|ext4|btrfs", FSYS, "|")
	split("0.8|1.0|1.3|0.9", FSF, "|")
	NK = split("4.19.0-14-amd64|5.10.0-8-amd64|5.10.0-21-amd64|6.1.0-9-amd64|6.1.0-18-amd64|6.12.9-amd64", KERN, "|")
	split("6|45|150|420|1100", KB, "|")
	split("cfq|deadline|anticipatory|noop", SCHED_OLD, "|")
	split("bfq|mq-deadline|mq-deadline|none", SCHED_NEW, "|")
	NP = split("stor|db|nas|build|osg-fs|osg-gw|martello|beryl|roach|backup", PFX, "|")
	split("4|8|16|32", MEM, "|")

	for (h = 0; h < hosts; h++) host_setup(h)
	for (c = 1; c <= NC; c++) ref_setup(c)

	if (mode == "csv") {
		for (h = 0; h < hosts; h++) G[h] = 2
		for (i = 0; i < n; i++) {
			h = i % hosts; k = int(i / hosts)
			run_values(h, k, 1, 0)
			printf "%s\n", csv_line(h, 1, 1795970000 + i)
		}
		exit
	}

	C = NC
	nights = int((n - C + hosts - 1) / hosts)
	if (mode == "files" && first == 0) {
		f = out "/index.md"
		printf "# Nightly disk benchmarks (synthetic, %d runs)\n\n", n > f
		printf "%d hosts benchmarked every night by bonnie++ 1.03, 1.97 and 2.00a, and a\n", hosts > f
		printf "single-disk reference run per controller. Generated by tests/bench/genruns.sh\n" > f
		printf "(seed %d) from the figures in samples/.\n", seed > f
		close(f)
	}
	for (r = first; r < n; r++) {
		if (r < C) {
			c = r + 1
			hh = "ref-" slug(CMODEL[c]) "-" c
			dir = out "/" hh "/" civil(START)
			if (mode == "dirs") { print dir; continue }
			write_ref(c, dir)
			continue
		}
		k = int((r - C) / hosts); h = (r - C) % hosts
		dir = out "/" HNAME[h] "/" civil(START + k)
		if (mode == "dirs") { print dir; continue }
		write_run(h, k, dir)
	}
}

function host_setup(h,    l, a) {
	reseed(h, 0, 1)
	HNAME[h] = PFX[h % NP + 1] sprintf("%02d", int(h / NP) + 1)
	HFQDN[h] = HNAME[h] ".lab.example.org"
	HC[h] = h % NC + 1
	HMODEL[h] = CMODEL[HC[h]]
	l = LAYOUT[pick(NL) + 1]
	split(l, a, " ")
	HRAID[h] = a[1]; HN[h] = a[2] + 0
	if (HMODEL[h] == "INTEL SSDSC2BB480G4" && HRAID[h] == "raid5") HRAID[h] = "raid10"
	if (HRAID[h] == "raid10") HN[h] = 4
	HFS[h] = pick(NFSYS) + 1
	HSCHED[h] = pick(4) + 1
	HMEM[h] = MEM[pick(4) + 1]
	HFILES[h] = rnd() < 0.8 ? 16 : 64
	HCPU[h] = 0.8 + 0.4 * rnd()		# per-char speed
	HEFFR[h] = 0.85 + 0.2 * rnd()
	HEFFW[h] = CEFFW[HC[h]] * (0.9 + 0.15 * rnd())
	HKOFF[h] = h % 5
	HIT[h] = h % 3 + 1			# iterations per run
	G[h] = h % 4				# 0 1.03, 1 1.97, 2 2.00a, 3 2.00a -x CSV
	HSPLIT[h] = (G[h] == 1 && int(h / 4) % 2 == 1)	# -q: table and CSV apart
	# Real steps: a -20% block write drop from night HSTEP on; with a
	# firmware change in the meta on some hosts, unexplained on others.
	HSTEP[h] = (h % 8 == 3) ? 3 + (h * 7) % 13 : -1
	HFW[h] = (h % 16 == 3)
	HSCHEDCHG[h] = (h % 10 == 7) ? 9 + h % 5 : -1	# scheduler changed once
}

function ref_setup(c,    h) {
	# References use host slot "hosts + c".
	h = hosts + c
	HNAME[h] = "ref-" slug(CMODEL[c]) "-" c
	HFQDN[h] = "refbench.lab.example.org"
	HC[h] = c; HMODEL[h] = CMODEL[c]; HRAID[h] = "none"; HN[h] = 1
	HFS[h] = 1; HSCHED[h] = 2; HMEM[h] = 8; HFILES[h] = 16
	HCPU[h] = 1; HEFFR[h] = 1; HEFFW[h] = 1; HKOFF[h] = 0; HIT[h] = 3
	G[h] = 2; HSPLIT[h] = 0; HSTEP[h] = -1; HFW[h] = 0; HSCHEDCHG[h] = -1
}

function kidx(h, k,    i, j) {
	j = 1
	for (i = 1; i <= 5; i++) if (k >= KB[i] + HKOFF[h]) j = i + 1
	return j
}

function sched(h, k,    s) {
	s = HSCHED[h]
	if (HSCHEDCHG[h] >= 0 && k >= HSCHEDCHG[h]) s = s % 4 + 1
	return kidx(h, k) >= 2 ? SCHED_NEW[s] : SCHED_OLD[s]
}

# Expected multiples of one disk for put_block, get_block, seeks.
function scale(h,    n, r) {
	n = HN[h]; r = HRAID[h]
	if (r == "none") { SW = 1; SR = 1; SS = 1 }
	else if (r == "raid0") { SW = n; SR = n; SS = n }
	else if (r == "raid1") { SW = 1; SR = n; SS = n }
	else if (r == "raid10") { SW = n / 2; SR = n; SS = n }
	else { SW = n - 1; SR = n - 1; SS = n - 1 }
	if (r == "raid5") SW = SW * 0.45	# md RAID5 writes, as martello's
	# Seeks grow far less than linearly.
	SS = 1 + (SS - 1) * 0.35
}

# Fills V[it, m] (value or "+") and CP[it, m] for iterations 1..nit and
# metrics 1..12 of host h on night k.
function run_values(h, k, nit, ref,    a, p, it, m, stepf, v, fsf) {
	reseed(h, k, 2)
	split(D[HMODEL[h]], a, " ")
	split(PC[G[h]], p, " ")
	scale(h)
	stepf = (HSTEP[h] >= 0 && k >= HSTEP[h]) ? 0.8 : 1
	fsf = FSF[HFS[h]]
	for (it = 1; it <= nit; it++) {
		V[it, 1] = round(jit(p[1] * HCPU[h])); CP[it, 1] = p[2]
		V[it, 2] = round(jit(a[1] * SW * HEFFW[h] * stepf)); CP[it, 2] = a[2]
		V[it, 3] = round(jit(a[3] * SW * HEFFW[h] * 0.9)); CP[it, 3] = a[4]
		V[it, 4] = round(jit(p[3] * HCPU[h])); CP[it, 4] = p[4]
		V[it, 5] = round(jit(a[5] * SR * HEFFR[h])); CP[it, 5] = a[6]
		V[it, 6] = jit(a[7] * SS); CP[it, 6] = a[8]
		for (m = 7; m <= 12; m++) {
			v = a[2 * m - 5]
			if (v == "+") { V[it, m] = "+"; CP[it, m] = "+"; continue }
			V[it, m] = round(jit(v * fsf)); CP[it, m] = a[2 * m - 4]
		}
		for (m = 1; m <= 12; m++) {
			L[it, m] = round(LAT[m] * (0.7 + 0.6 * rnd()))
			if (CP[it, m] == "+") continue
			v = CP[it, m] + pick(5) - 2
			CP[it, m] = v < 0 ? 0 : (v > 99 ? 99 : v)
		}
	}
}

function size(h) { return (2 * HMEM[h]) "G" }
function seeks_s(v) { return v >= 1000 ? sprintf("%d", round(v)) : sprintf("%.1f", v) }
function lat_s(us) {
	if (us < 100000) return us "us"
	if (us < 100000000) return round(us / 1000) "ms"
	return round(us / 1000000) "s"
}
function kmg(v,    m, g) {		# bonnie++ 2.00a: 3025k 50.6m 531m 1.4g
	if (v < 10000) return v "k"
	m = v / 1024
	if (m < 100) return sprintf("%.1fm", m)
	if (m < 1000) return round(m) "m"
	g = m / 1024
	return g < 100 ? sprintf("%.1fg", g) : round(g) "g"
}
function cell(s) { return s == "+" ? "+++++" : s }
function cpcell(s) { return s == "+" ? "+++" : s }

function csv_line(h, it, sd,    s, m, v) {
	if (G[h] == 0)
		s = HFQDN[h] "," size(h)
	else if (G[h] == 1)
		s = "1.97,1.97," HFQDN[h] ",1," sd "," size(h) ","
	else
		s = "1.98,2.00a," HFQDN[h] ",1," sd "," size(h) ",,8192,5"
	for (m = 1; m <= 12; m++) {
		if (m == 7) s = s "," HFILES[h] (G[h] == 0 ? "" : ",,,,")
		v = V[it, m]
		if (m == 6) v = seeks_s(v)
		s = s "," cell(v) "," cpcell(CP[it, m])
	}
	if (G[h] != 0)
		for (m = 1; m <= 12; m++) s = s "," lat_s(L[it, m])
	return s
}

function namesize(h,    w, sz) {
	sz = size(h); w = 18 - length(sz)
	return sprintf("%-" w "." w "s %s", HFQDN[h], sz)
}

function table(h, it,    s, m, v, vers, ver2) {
	if (G[h] == 0) vers = "Version  1.03      "
	else if (G[h] == 1) vers = "Version  1.97      "
	else vers = "Version 2.00a      "
	s = vers " ------Sequential Output------ --Sequential Input- --Random-\n"
	s = s (G[h] == 1 ? "Concurrency   1     " : "                    ")
	s = s "-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	if (G[h] >= 2)
		s = s "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	else
		s = s "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	s = s namesize(h)
	for (m = 1; m <= 6; m++) {
		v = V[it, m]
		if (m == 6) v = seeks_s(v)
		else if (G[h] >= 2) v = kmg(v)
		s = s sprintf(" %5s %3s", v, CP[it, m])
	}
	s = s "\n"
	if (G[h] != 0) {
		s = s "Latency          "
		for (m = 1; m <= 6; m++) s = s sprintf("%10s", lat_s(L[it, m]))
		s = s "\n"
	}
	if (G[h] == 0)
		s = s "                    ------Sequential Create------ --------Random Create--------\n" \
		    "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	else
		s = s vers " ------Sequential Create------ --------Random Create--------\n" \
		    sprintf("%-19.19s ", HFQDN[h]) "-Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	s = s "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	s = s sprintf("%19s", HFILES[h])
	for (m = 7; m <= 12; m++) {
		v = V[it, m]
		# 2.00a prints its file rates through %d of a double: garbage.
		if (G[h] >= 2 && v != "+") v = HFILES[h] * 1024
		s = s sprintf(" %5s %3s", cell(v), cpcell(CP[it, m]))
	}
	s = s "\n"
	if (G[h] != 0) {
		s = s "Latency          "
		for (m = 7; m <= 12; m++) s = s sprintf("%10s", lat_s(L[it, m]))
		s = s "\n"
	}
	return s
}

function opts(h) {
	return "-d /srv/scratch -s " (2 * HMEM[h] * 1024) " -n " HFILES[h] " -u nobody" \
	    (G[h] == 3 ? " -x " HIT[h] : "") (HSPLIT[h] ? " -q" : "")
}

function write_meta(h, k, f, isref,    a, hw) {
	printf "# recorded by the nightly job\n" > f
	printf "host: %s\n", HFQDN[h] > f
	printf "date: %s\n", civil(START + k) > f
	printf("series: %s\n", isref ? HNAME[h] : HNAME[h] "-nightly") > f
	printf "controller: %s\n", CTRL[HC[h]] > f
	printf "driver: %s\n", CDRV[HC[h]] > f
	printf "disks: %d x %s\n", HN[h], HMODEL[h] > f
	hw = (HC[h] == 1 || HC[h] == 5 || HC[h] == 6) ? " hw" : " md"
	printf("raid: %s%s\n", HRAID[h], HRAID[h] == "none" ? "" : hw) > f
	if (HRAID[h] != "none" && HRAID[h] != "raid1") printf "chunk: 256k\n" > f
	printf "filesystem: %s\n", FSYS[HFS[h]] > f
	printf "mount-options: noatime\n" > f
	printf "kernel: %s\n", KERN[kidx(h, k)] > f
	printf "os: Debian GNU/Linux\n" > f
	printf "scheduler: %s\n", sched(h, k) > f
	printf "memory: %dGB\n", HMEM[h] > f
	if (HFW[h]) printf("firmware: %s\n", k >= HSTEP[h] ? "FW 3.1.2" : "FW 3.0.7") > f
	printf "bonnie-options: %s\n", opts(h) > f
	# A vendor's promise on some arrays: what the disks should give.
	if (!isref && HRAID[h] != "none" && h % 5 == 0) {
		split(D[HMODEL[h]], a, " "); scale(h)
		printf("expect.put_block: %d MB/s\n", round(a[1] * SW * 1.024 / 1000)) > f
	}
	close(f)
}

function write_files(h, k, dir, nit,    f, it, sd, s) {
	sd = 1795960000 + (h * 7919 + k * 104729) % 9000000
	if (G[h] == 3) {
		f = dir "/bonnie.csv"
		s = "format_version,bonnie_version,name,concurrency,seed,file_size,io_chunk_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,getc,getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files,max_size,min_size,num_dirs,file_chunk_size,seq_create,seq_create_cpu,seq_stat,seq_stat_cpu,seq_del,seq_del_cpu,ran_create,ran_create_cpu,ran_stat,ran_stat_cpu,ran_del,ran_del_cpu,putc_latency,put_block_latency,rewrite_latency,getc_latency,get_block_latency,seeks_latency,seq_create_latency,seq_stat_latency,seq_del_latency,ran_create_latency,ran_stat_latency,ran_del_latency\n"
		for (it = 1; it <= nit; it++) s = s csv_line(h, it, sd) "\n"
		printf "%s", s > f; close(f)
		return
	}
	s = ""
	if (HSPLIT[h]) {
		for (it = 1; it <= nit; it++) s = s table(h, it)
		f = dir "/bonnie.txt"; printf "%s", s > f; close(f)
		s = ""
		for (it = 1; it <= nit; it++) s = s csv_line(h, it, sd + it) "\n"
		f = dir "/bonnie.csv"; printf "%s", s > f; close(f)
		return
	}
	for (it = 1; it <= nit; it++)
		s = s (it == 1 ? "" : "\n") "bonnie++ " opts(h) "\n" table(h, it) csv_line(h, it, sd + it) "\n"
	f = dir "/bonnie.txt"; printf "%s", s > f; close(f)
}

function write_run(h, k, dir,    nit, f, note) {
	nit = HIT[h]
	run_values(h, k, nit, 0)
	write_meta(h, k, dir "/meta", 0)
	write_files(h, k, dir, nit)
	note = ""
	if (k == HSTEP[h])
		note = HFW[h] ? "The controller firmware was updated to 3.1.2 this afternoon.\n" \
		    : "Nothing changed on this host that we know of.\n"
	else if (kidx(h, k) != kidx(h, k - 1) && k > 0)
		note = "Kernel upgraded to `" KERN[kidx(h, k)] "`; the scheduler is now **" sched(h, k) "**.\n"
	else if (k == HSCHEDCHG[h])
		note = "Scheduler switched to " sched(h, k) " to compare.\n"
	else if (rnd() < 0.04)
		note = "Nightly run. The array was scrubbing during the first " \
		    (pick(3) + 1) " hours, see `dmesg` in the job log.\n"
	if (note != "") {
		f = dir "/notes.md"
		printf "Nightly run on %s.\n\n%s", HNAME[h], note > f; close(f)
	}
}

function write_ref(c, dir,    h, f) {
	h = hosts + c
	run_values(h, 0, 3, 1)
	write_meta(h, 0, dir "/meta", 1)
	write_files(h, 0, dir, 3)
	f = dir "/notes.md"
	printf "Single %s on the %s: the reference for RAID scaling on this card.\n", HMODEL[h], CTRL[c] > f
	close(f)
}
