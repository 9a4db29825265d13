chart 720.0x439.0
title "Block read history: fileserver1" at 16.0,28.0 w 256.5
trend by run order, values 0 to 200 step 50 plot 43.0-700.0 x 64.0-244.0
unit "MiB/s" at 16.0,55.0 w 29.5
tick "0" at 30.0,248.0 w 7.0
  grid 244.5
tick "50" at 23.0,203.0 w 14.0
  grid 199.5
tick "100" at 16.0,158.0 w 21.0
  grid 154.5
tick "150" at 16.0,113.0 w 21.0
  grid 109.5
tick "200" at 16.0,68.0 w 21.0
  grid 64.5
time "1" at 47.5,277.0 w 7.0
  tick at 51.5
time "2" at 154.3,277.0 w 7.0
  tick at 157.5
time "3" at 261.2,277.0 w 7.0
  tick at 264.5
time "4" at 368.0,277.0 w 7.0
  tick at 371.5
time "5" at 474.8,277.0 w 7.0
  tick at 478.5
time "6" at 581.7,277.0 w 7.0
  tick at 585.5
time "7" at 688.5,277.0 w 7.0
  tick at 692.5
caption "run order (no run has a date)" at 291.1,293.0 w 160.7
run 1 value point 51.0,83.4 strip 43.0-104.4
  whisker 87.4-81.0 at 51.0
  expect 77.5
run 2 value point 157.8,80.9 strip 104.4-211.2
  whisker 82.1-79.3 at 157.8
  expect 77.5
run 3 value point 264.7,84.8 strip 211.2-318.1
  whisker 88.8-83.8 at 264.7
  expect 77.5
  change 1 marker 211.5,255.0 "kernel: 2.6.14 → 2.6.15-rc5"
  number "1" at 208.0,259.0 w 7.0
run 4 value highlight point 371.5,124.3 strip 318.1-424.9
  whisker 134.5-118.7 at 371.5
  expect 77.5
  change 2 marker 318.5,255.0 "scheduler: cfq → anticipatory"
  number "2" at 315.0,259.0 w 7.0
run 5 value highlight point 478.3,212.4 strip 424.9-531.8
  whisker 214.3-211.2 at 478.3
  expect 77.5
  change 3 marker 424.5,255.0 "kernel: 2.6.15-rc5 → 2.6.15"
  number "3" at 421.0,259.0 w 7.0
run 6 value point 585.2,78.4 strip 531.8-638.6
  whisker 80.0-75.8 at 585.2
  expect 77.5
  change 4 marker 531.5,255.0 "kernel: 2.6.15 → 2.6.16; scheduler: anticipatory → deadline; mount-options: noatime,data=writeback → defaults; readahead: 256 → 4096"
  number "4" at 528.0,259.0 w 7.0
run 7 not-run highlight point 692.0,239.0 strip 638.6-700.0
  expect 77.5
legend "Median of the samples, whiskers min-max. MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." at 16.0,315.0 w 499.9
legend "1: kernel: 2.6.14 → 2.6.15-rc5 (from 2005-12-05 2.6.15-rc5 on)" at 16.0,329.0 w 346.1
legend "2: scheduler: cfq → anticipatory (from 2005-12-20 2.6.15-rc5 on)" at 16.0,343.0 w 356.9
legend "3: kernel: 2.6.15-rc5 → 2.6.15 (from 2006-01-09 2.6.15 on)" at 16.0,357.0 w 324.6
legend "4: kernel: 2.6.15 → 2.6.16; scheduler: anticipatory → deadline; mount-options: noatime,data=writeback → defaults;" at 16.0,371.0 w 635.3
legend "readahead: 256 → 4096 (from 2006-02-14 2.6.16 on)" at 16.0,385.0 w 292.6
legend "Large orange points: flagged by the analysis." at 16.0,399.0 w 249.3
legend "Short dark lines: the run's expected value." at 16.0,413.0 w 234.4
legend "Crosses at the bottom: no figure (not run, or not valid)." at 16.0,427.0 w 304.0
