chart 720.0x425.0
title "Block write" at 16.0,28.0 w 94.7
trend by date, values 0 to 150 step 50 plot 43.0-700.0 x 64.0-244.0
unit "MiB/s" at 16.0,55.0 w 29.5
tick "0" at 30.0,248.0 w 7.0
  grid 244.5
tick "50" at 23.0,188.0 w 14.0
  grid 184.5
tick "100" at 16.0,128.0 w 21.0
  grid 124.5
tick "150" at 16.0,68.0 w 21.0
  grid 64.5
time "2026-03-01" at 19.0,277.0 w 63.9
  tick at 51.5
time "2026-03-03" at 161.5,277.0 w 63.9
  tick at 193.5
time "2026-03-06" at 375.1,277.0 w 63.9
  tick at 407.5
time "2026-03-10" at 640.1,277.0 w 63.9
  tick at 692.5
caption "date (meta date)" at 324.6,293.0 w 93.7
run 1 value point 51.0,68.6 strip 43.0-86.6
  whisker 71.2-66.3 at 51.0
run 2 value point 122.2,70.1 strip 86.6-157.8
run 3 value point 193.4,67.6 strip 157.8-264.7
  change 1 marker 157.5,255.0 "kernel: 6.1 → 6.6"
  number "1" at 154.0,259.0 w 7.0
run 4 value point 335.9,68.7 strip 264.7-371.5
run 5 value highlight point 407.1,111.5 strip 371.5-442.7
  change point rule 371.5 "step down" worse
  step "step down" at 340.4,55.0 w 62.2
run 6 too-fast point 478.3,69.0 strip 442.7-549.6
run 7 value point 620.8,110.8 strip 549.6-656.4
  expect 76.0
  change 2 marker 549.5,255.0 "scheduler: mq-deadline → none; readahead: 128 → 4096"
  number "2" at 546.0,259.0 w 7.0
run 8 not-run point 692.0,239.0 strip 656.4-700.0
legend "Median of the samples, whiskers min-max. MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." at 16.0,315.0 w 499.9
legend "1: kernel: 6.1 → 6.6 (from night-03 on)" at 16.0,329.0 w 211.9
legend "2: scheduler: mq-deadline → none; readahead: 128 → 4096 (from night-09 on)" at 16.0,343.0 w 431.6
legend "Vertical rules: changes found between runs measured like for like; orange: worse, blue: better." at 16.0,357.0 w 523.6
legend "Large orange points: flagged by the analysis." at 16.0,371.0 w 249.3
legend "Short dark lines: the run's expected value." at 16.0,385.0 w 234.4
legend "Rings at the top: too fast to measure (+++++), no figure." at 16.0,399.0 w 321.4
legend "Crosses at the bottom: no figure (not run, or not valid)." at 16.0,413.0 w 304.0
