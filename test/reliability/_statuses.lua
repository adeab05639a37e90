-- wrk script for the rolling-restart test: rotates through the paths given after `--`, counts
-- each status it gets, and prints one RESULT line (requests, socket errors, p99) and one
-- STATUS line per status when the run is over, for the test to read.
local paths = {}
local next_path = 0
statuses = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for _, path in ipairs(args) do table.insert(paths, path) end
end

function request()
  next_path = next_path % #paths + 1
  return wrk.format(nil, paths[next_path])
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT requests=%d connect=%d read=%d write=%d timeout=%d p99us=%d\n",
    summary.requests, e.connect, e.read, e.write, e.timeout, latency:percentile(99)))
  local all = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do all[status] = (all[status] or 0) + count end
  end
  for status, count in pairs(all) do io.write(string.format("STATUS %d %d\n", status, count)) end
end
