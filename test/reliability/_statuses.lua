-- wrk script for the rolling-restart test: rotates through the paths given after `--`, counts
-- each status it gets, and prints one RESULT line (requests, socket errors, p99) and one
-- STATUS line per status when the run is over, for the test to read. The argument `batch`
-- stands for a POST /batch of all the other paths: a request a proxy must never send twice,
-- so it is lost if an instance is cut while answering it.
local paths = {}
local batch_body = nil
local next_path = 0
statuses = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local entries = {}
  for _, path in ipairs(args) do
    table.insert(paths, path)
    if path ~= "batch" then table.insert(entries, string.format('{"path":"%s"}', path)) end
  end
  batch_body = '{"requests":[' .. table.concat(entries, ",") .. ']}'
end

function request()
  next_path = next_path % #paths + 1
  if paths[next_path] == "batch" then
    local headers = { ["Content-Type"] = "application/json" }
    for name, value in pairs(wrk.headers) do headers[name] = value end
    return wrk.format("POST", "/batch", headers, batch_body)
  end
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
