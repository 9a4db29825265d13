chart 720.0x355.0
title "Block write" at 16.0,28.0 w 94.7
trend by run order, values 0 to 150 step 50 plot 43.0-700.0 x 64.0-244.0
unit "MiB/s" at 16.0,55.0 w 29.5
tick "0" at 30.0,248.0 w 7.0
  grid 244.5
tick "50" at 23.0,188.0 w 14.0
  grid 184.5
tick "100" at 16.0,128.0 w 21.0
  grid 124.5
tick "150" at 16.0,68.0 w 21.0
  grid 64.5
time "1" at 47.5,277.0 w 7.0
  tick at 51.5
time "2" at 207.8,277.0 w 7.0
  tick at 211.5
time "3" at 368.0,277.0 w 7.0
  tick at 371.5
time "4" at 528.3,277.0 w 7.0
  tick at 531.5
time "5" at 688.5,277.0 w 7.0
  tick at 692.5
caption "run order (1 of 5 runs have no date)" at 272.1,293.0 w 198.8
run 1 value point 51.0,68.6 strip 43.0-131.1
run 2 value point 211.2,70.1 strip 131.1-291.4
run 3 value point 371.5,67.6 strip 291.4-451.6
  change 1 marker 291.5,255.0 "kernel: 6.1 → 6.6"
  number "1" at 288.0,259.0 w 7.0
run 4 value point 531.8,111.5 strip 451.6-611.9
  change point rule 451.5 "-25%" worse
  step "-25%" at 436.0,55.0 w 31.0
run 5 value point 692.0,68.8 strip 611.9-700.0
  change point rule 611.5 "+32%" better
  step "+32%" at 593.1,55.0 w 36.7
legend "Median of the samples, whiskers min-max. MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." at 16.0,315.0 w 499.9
legend "1: kernel: 6.1 → 6.6 (from night-03 on)" at 16.0,329.0 w 211.9
legend "Vertical rules: changes found between runs measured like for like; orange: worse, blue: better." at 16.0,343.0 w 523.6
