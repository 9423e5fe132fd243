-- wrk: each request asks for the next 4 MiB range of the file (wrapping at its end), so the reads walk the
-- whole video as a player seeking through it would. SIZE and the path come from the environment.
local size = tonumber(os.getenv("SIZE"))
local chunk = 4 * 1024 * 1024
local offset = 0
request = function()
    local first = offset
    local last = math.min(first + chunk, size) - 1
    offset = last + 1
    if offset >= size then offset = 0 end
    wrk.headers["Range"] = "bytes=" .. first .. "-" .. last
    return wrk.format("GET", wrk.path)
end
