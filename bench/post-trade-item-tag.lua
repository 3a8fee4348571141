-- POST /trade-item-tags: a new tag per request (a code no request used before), the catalogue's write path.
local counter = 0
local prefix

function init(args)
  -- each wrk thread has its own Lua state: seed from the clock and this state's address
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 1000003)
  prefix = string.format("W%08x", math.random(0, 0x7fffffff))
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function request()
  counter = counter + 1
  return wrk.format(nil, nil, nil, '{"code":"' .. prefix .. '-' .. counter .. '","name":"Benchmark tag"}')
end
