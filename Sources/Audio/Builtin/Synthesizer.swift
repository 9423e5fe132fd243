/// Deterministic sound synthesis: only IEEE-754 addition, multiplication and division, which give
/// the same bits on every machine (no `sin`/`exp` from the platform's libm, whose last bits vary).
struct Synthesizer {
    let rate: Int
    private(set) var samples: [Double]

    init(rate: Int, seconds: Double) {
        self.rate = rate
        self.samples = [Double](repeating: 0, count: Int((seconds * Double(rate)).rounded()))
    }

    /// sin(2π·phase) for any phase, by folding into [-1/4, 1/4] turns and a Taylor series to x^13
    /// (error below 1e-9).
    static func sine(turns phase: Double) -> Double {
        var t = phase - (phase + 0.5).rounded(.down)  // now in [-0.5, 0.5)
        if t > 0.25 { t = 0.5 - t } else if t < -0.25 { t = -0.5 - t }
        let x = t * 6.283185307179586
        let x2 = x * x
        var term = x
        var sum = x
        var n = 1.0
        for _ in 0..<6 {
            term = -term * x2 / ((n + 1) * (n + 2))
            sum += term
            n += 2
        }
        return sum
    }

    /// Adds a tone between `start` and `start + length` seconds.
    /// - Parameters:
    ///   - frequency: Hz at a fraction (0…1) of the tone's length.
    ///   - amplitude: envelope at a fraction (0…1) of the tone's length.
    ///   - harmonics: relative amplitudes of the fundamental and its overtones.
    mutating func tone(
        start: Double, length: Double, harmonics: [Double] = [1],
        frequency: (Double) -> Double, amplitude: (Double) -> Double
    ) {
        let first = Int((start * Double(rate)).rounded())
        let count = Int((length * Double(rate)).rounded())
        var phase = 0.0
        for i in 0..<count where first + i < samples.count {
            let progress = Double(i) / Double(count)
            var value = 0.0
            for (k, weight) in harmonics.enumerated() where weight != 0 {
                value += weight * Self.sine(turns: phase * Double(k + 1))
            }
            samples[first + i] += value * amplitude(progress)
            phase += frequency(progress) / Double(rate)
            if phase >= 1_000 { phase -= 1_000 }
        }
    }

    /// Adds a struck partial: instant attack (over `attack` seconds) and an exponential decay with time
    /// constant `decay` seconds, made by repeated multiplication.
    mutating func partial(start: Double, frequency: Double, amplitude: Double, attack: Double, decay: Double) {
        let first = Int((start * Double(rate)).rounded())
        let attackSamples = max(1, Int((attack * Double(rate)).rounded()))
        let factor = 1 - 1 / (decay * Double(rate))
        var envelope = amplitude
        var phase = 0.0
        for i in 0..<(samples.count - first) {
            let ramp = i < attackSamples ? Double(i) / Double(attackSamples) : 1
            samples[first + i] += Self.sine(turns: phase) * envelope * ramp
            if i >= attackSamples { envelope *= factor }
            phase += frequency / Double(rate)
            if phase >= 1_000 { phase -= 1_000 }
        }
    }

    /// Scales to `peak` of full scale, fades both ends linearly to exactly zero, and quantises to 16 bits.
    func render(peak: Double = 0.89, fadeIn: Double = 0.005, fadeOut: Double = 0.02) -> [Int16] {
        let loudest = samples.reduce(0) { max($0, abs($1)) }
        let gain = loudest > 0 ? peak / loudest : 0
        let fadeInSamples = max(1, Int((fadeIn * Double(rate)).rounded()))
        let fadeOutSamples = max(1, Int((fadeOut * Double(rate)).rounded()))
        let last = samples.count - 1
        return samples.enumerated().map { i, value in
            var v = value * gain
            if i < fadeInSamples { v *= Double(i) / Double(fadeInSamples) }
            if last - i < fadeOutSamples { v *= Double(last - i) / Double(fadeOutSamples) }
            return Int16((v * 32_767).rounded())
        }
    }
}
