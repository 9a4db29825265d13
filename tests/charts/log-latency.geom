chart 720.0x399.0
title "Completion latency" at 16.0,28.0 w 163.5
axis log 1 to 10000, a tick a decade plot 61.0-662.6 x 44.0-320.0
tick "1" at 57.5,335.0 w 7.0
  grid 61.5
tick "10" at 204.4,335.0 w 14.0
  grid 211.5
tick "100" at 351.3,335.0 w 21.0
  grid 361.5
tick "1000" at 498.2,335.0 w 28.0
  grid 512.5
tick "10000" at 645.1,335.0 w 35.0
  grid 662.5
caption "µs, logarithmic scale" at 304.9,351.0 w 113.8
group band 44.0+26.0 rule 49.5
  heading "randread 4k QD1 io_uring direct" at 16.0,64.3 w 217.1
row 1 value band 70.0+28.0
  label "mean" at 17.0,88.3 w 34.0
  bar 61.0,75.0 182.7x18.0
  text "16.4" at 249.7,88.3 w 26.7
row 2 value band 98.0+28.0
  label "p50" at 28.1,116.3 w 22.9
  bar 61.0,103.0 162.9x18.0
  text "12.1" at 229.9,116.3 w 26.7
row 3 value band 126.0+28.0
  label "p99" at 28.1,144.3 w 22.9
  bar 61.0,131.0 268.7x18.0
  whisker 322.8-338.8 at 140.0
  text "61.2" at 344.8,144.3 w 26.7
row 4 value highlight band 154.0+28.0
  label "p99.9" at 16.7,172.3 w 34.3
  bar 61.0,159.0 475.5x18.0 striped
  mark "⚠" at 542.5,172.3 w 10.8
  text "1450" at 556.2,172.3 w 33.4
  flag "+140%" at 595.6,172.3 w 44.4
group band 182.0+26.0 rule 187.5
  heading "randread 4k QD64 io_uring direct" at 16.0,202.3 w 225.5
row 5 value band 208.0+28.0
  label "mean" at 17.0,226.3 w 34.0
  bar 61.0,213.0 411.6x18.0
  text "545" at 478.6,226.3 w 22.9
row 6 value band 236.0+28.0
  label "p50" at 28.1,254.3 w 22.9
  bar 61.0,241.0 76.0x18.0
  text "3.2" at 143.0,254.3 w 19.1
row 7 value band 264.0+28.0
  label "p99" at 28.1,282.3 w 22.9
  bar 61.0,269.0 509.5x18.0
  text "2441" at 576.5,282.3 w 30.5
row 8 not-run band 292.0+28.0
  label "p99.9" at 16.7,310.3 w 34.3
  text "not run" at 67.0,310.3 w 43.6
legend "Microseconds on a logarithmic scale." at 16.0,373.0 w 203.3
legend "⚠ and stripes = flagged by the analysis." at 16.0,387.0 w 222.3
