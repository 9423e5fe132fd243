/// Reads how long one track of a fragmented MP4 lasts from what its fragments hold (`moof/traf`: `tfhd`,
/// `tfdt`, `trun`), not from the movie header, whose duration is 0 when the `moov` was written before any
/// fragment, nor from `mvex/mehd`, which is what the writer expected and not what the file has.
///
/// Bounded as the rest of the inspector: at most ``ISOBox/maximumBoxesPerLevel`` top-level boxes, of
/// `moof` and `traf` only the small boxes are read, and of a `trun` at most ``maximumSamplesRead`` durations.
/// A fragment cut short ends the walk; what came before it counts.
enum MovieFragments {
    /// The most per-sample durations read from one `trun` (a fragment of a minute at 120 frames a second).
    static let maximumSamplesRead = 8_192

    /// The defaults a movie's `mvex/trex` gives each track, by track ID: the sample duration.
    static func defaultDurations(in mvex: ISOBox, _ source: some ByteSource) throws -> [UInt32: UInt32] {
        var defaults: [UInt32: UInt32] = [:]
        for box in try ISOBox.children(of: source, in: mvex.payloadStart..<mvex.end) where box.type == "trex" {
            guard box.payloadSize >= 16 else { continue }
            var cursor = try box.payload(source, limit: 16)
            try cursor.skip(4)  // version, flags
            let track = try cursor.u32()
            try cursor.skip(4)  // default sample description index
            defaults[track] = try cursor.u32()
        }
        return defaults
    }

    /// What the fragments hold of one track: where its last sample ends, in its timescale's units, and how many
    /// samples they hold.
    struct Span: Equatable {
        var end: UInt64
        var samples: UInt64
    }

    /// The span of the track `trackID`'s samples over the top-level boxes from `start`; `nil` when no fragment
    /// holds a sample of it. Sums saturate: a hostile count cannot overflow them.
    /// - Parameters:
    ///   - defaultDuration: From `trex`, for fragments that give neither their own default nor per-sample
    ///     durations.
    ///   - initial: Where the first fragment starts when it gives no decode time (`tfdt`): the length of the
    ///     samples `moov` holds itself.
    static func end(
        ofTrack trackID: UInt32, defaultDuration: UInt32, after initial: UInt64, from start: Int64,
        _ source: some ByteSource
    ) throws -> Span? {
        var offset = start
        var span: Span?
        for _ in 0..<ISOBox.maximumBoxesPerLevel {
            guard offset + 8 <= source.size else { break }
            let (type, headerSize, total) = try ISOBox.declaredHeader(source, at: offset, limit: source.size)
            guard total >= headerSize, total <= source.size - offset else { break }  // cut short: stop here
            if type == "moof" {
                let moof = ISOBox(type: type, payloadStart: offset + headerSize, end: offset + total)
                for traf in try ISOBox.children(of: source, in: moof.payloadStart..<moof.end) where traf.type == "traf"
                {
                    let base = span?.end ?? initial
                    if let fragment = try fragmentSpan(of: traf, trackID, defaultDuration, source, startingAt: base) {
                        span = Span(
                            end: max(span?.end ?? 0, fragment.end),
                            samples: saturating(span?.samples ?? 0, fragment.samples))
                    }
                }
            }
            offset += total
        }
        return span
    }

    /// `a + b`, or the largest value when that overflows.
    static func saturating(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// Where the samples of one track fragment end (its `tfdt` decode time, else `previousEnd`, plus the durations
    /// of its `trun`s) and how many it holds; `nil` when the fragment is another track's or holds no sample.
    private static func fragmentSpan(
        of traf: ISOBox, _ trackID: UInt32, _ trackDefault: UInt32, _ source: some ByteSource,
        startingAt previousEnd: UInt64
    ) throws -> Span? {
        let boxes = try ISOBox.children(of: source, in: traf.payloadStart..<traf.end)
        guard let tfhd = boxes.first(where: { $0.type == "tfhd" }) else { return nil }
        var cursor = try tfhd.payload(source, limit: 40)
        let flags = try cursor.u32() & 0xFF_FFFF
        guard try cursor.u32() == trackID else { return nil }
        if flags & 0x01 != 0 { try cursor.skip(8) }  // base data offset
        if flags & 0x02 != 0 { try cursor.skip(4) }  // sample description index
        let defaultDuration = flags & 0x08 != 0 ? try cursor.u32() : trackDefault
        var start = previousEnd
        if let tfdt = boxes.first(where: { $0.type == "tfdt" }) {
            var time = try tfdt.payload(source, limit: 12)
            let version = try time.u8()
            try time.skip(3)  // flags
            start = version == 1 ? try time.u64() : UInt64(try time.u32())
        }
        var total: UInt64 = 0
        var samples: UInt64 = 0
        for trun in boxes where trun.type == "trun" {
            let (count, duration) = try runDuration(trun, defaultDuration: defaultDuration, source)
            samples = saturating(samples, count)
            total = saturating(total, duration)
        }
        guard samples > 0 else { return nil }
        return Span(end: saturating(start, total), samples: samples)
    }

    /// A `trun`'s sample count and the sum of its samples' durations (each its own when the run gives them,
    /// else `defaultDuration`).
    private static func runDuration(
        _ trun: ISOBox, defaultDuration: UInt32, _ source: some ByteSource
    ) throws -> (samples: UInt64, duration: UInt64) {
        var head = try trun.payload(source, limit: 8)
        let flags = try head.u32() & 0xFF_FFFF
        let count = try head.u32()
        guard flags & 0x100 != 0 else { return (UInt64(count), UInt64(count) * UInt64(defaultDuration)) }
        let fieldSize =
            4 + (flags & 0x200 != 0 ? 4 : 0) + (flags & 0x400 != 0 ? 4 : 0) + (flags & 0x800 != 0 ? 4 : 0)
        let headerSize = 8 + (flags & 0x01 != 0 ? 4 : 0) + (flags & 0x04 != 0 ? 4 : 0)
        let fitting = (trun.payloadSize - Int64(headerSize)) / Int64(fieldSize)
        let readable = Int(min(Int64(count), Int64(maximumSamplesRead), fitting))
        guard readable > 0 else { return (0, 0) }
        var cursor = try trun.payload(source, limit: headerSize + readable * fieldSize)
        try cursor.skip(headerSize)
        var duration: UInt64 = 0
        for _ in 0..<readable {
            duration += UInt64(try cursor.u32())
            try cursor.skip(fieldSize - 4)
        }
        return (UInt64(readable), duration)
    }
}
