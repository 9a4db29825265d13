chart 720.0x263.0
title "Random seeks" at 16.0,28.0 w 122.4
axis 0 to 2500 step 500 plot 122.0-665.5 x 44.0-184.0
tick "0" at 118.5,199.0 w 7.0
  grid 122.5
tick "500" at 220.2,199.0 w 21.0
  grid 230.5
tick "1000" at 325.4,199.0 w 28.0
  grid 339.5
tick "1500" at 434.1,199.0 w 28.0
  grid 448.5
tick "2000" at 542.8,199.0 w 28.0
  grid 556.5
tick "2500" at 651.5,199.0 w 28.0
  grid 665.5
caption "operations per second" at 332.2,215.0 w 123.0
row 1 value band 44.0+28.0
  label "raid0 seeks" at 43.1,62.3 w 68.9
  bar 122.0,49.0 444.8x18.0
  whisker 552.4-580.9 at 58.0
  text "2046" at 586.9,62.3 w 30.5
row 2 too-fast band 72.0+28.0
  label "ramdisk" at 63.9,90.3 w 48.1
  bar 122.0,77.0 543.5x18.0
  text "too fast to measure" at 134.0,90.3 w 118.0
row 3 not-run band 100.0+28.0
  label "-n 0 run" at 64.7,118.3 w 47.3
  text "not run" at 128.0,118.3 w 43.6
row 4 invalid band 128.0+28.0
  label "2.00a text table" at 16.0,146.3 w 96.0
  text "no valid figure" at 128.0,146.3 w 86.4
row 5 value band 156.0+28.0
  label "stalled" at 72.0,174.3 w 40.0
  text "0.0" at 128.0,174.3 w 19.1
legend "Median of the samples, whiskers min-max." at 16.0,237.0 w 235.7
legend "+++++ in bonnie++ output: the test ended too soon to be timed." at 16.0,251.0 w 368.2
