/// The mapper section of `make bench`: each model's decode and encode through the Codable
/// mapper, JSONDecoder/JSONEncoder, the hand-written mapper and the minimal Codable mapper.
enum MapperTable {
    /// Prints the section.
    static func print(_ cases: [BenchCase]) throws {
        let measure = Measurement()
        Swift.print("Crossfire benchmark: operations per second (median of \(measure.rounds) interleaved rounds), and ratios")
        Swift.print("(median of the ratios within each round).")
        Swift.print("  vs JSON  = Codable mapper speed / JSONDecoder|JSONEncoder speed (> 1: faster than Foundation's JSON coders).")
        Swift.print("             Not like for like: JSONDecoder parses the JSON text within each decode and JSONEncoder writes")
        Swift.print("             it, while the Firestore coders never touch text (their input and output are trees)")
        Swift.print("  vs hand  = Codable mapper time / hand-written mapper time; the hand-written encoders build every")
        Swift.print("             collection element by element, as Codable must (HandWrittenMappers.swift)")
        Swift.print("  minimal  = a minimal Codable mapper: the hand-written mapper's casts behind the standard library's")
        Swift.print("             Codable calls; no SDK rule, coding path or error text (MinimalDecoder.swift)")
        Swift.print("  min/hand = minimal mapper time / hand-written mapper time: what going through Codable costs by itself")
        Swift.print("  vs min   = Codable mapper time / minimal mapper time (< 1: faster than the minimal Codable mapper)")
        Swift.print(pad("model", 34) + pad("op", 8) + pad("codable/s", 12) + pad("json/s", 12) + pad("hand/s", 12)
            + pad("minimal/s", 12) + pad("vs JSON", 9) + pad("vs hand", 9) + pad("min/hand", 10) + "vs min")
        for benchCase in cases {
            for (operation, codable, json, hand, minimal) in [
                ("decode", benchCase.decodeCodable, benchCase.decodeJSON, benchCase.decodeHand, benchCase.decodeMinimal),
                ("encode", benchCase.encodeCodable, benchCase.encodeJSON, benchCase.encodeHand, benchCase.encodeMinimal),
            ] {
                let rates = try measure.rates([codable, json, hand, minimal])
                let (codableRates, jsonRates, handRates, minimalRates) = (rates[0], rates[1], rates[2], rates[3])
                let versusJSON = median(zip(codableRates, jsonRates).map { $0 / $1 })
                let versusHand = median(zip(handRates, codableRates).map { $0 / $1 })
                let minimalVersusHand = median(zip(handRates, minimalRates).map { $0 / $1 })
                let versusMinimal = median(zip(minimalRates, codableRates).map { $0 / $1 })
                Swift.print(pad(benchCase.name, 34) + pad(operation, 8) + pad(format(median(codableRates)), 12)
                    + pad(format(median(jsonRates)), 12) + pad(format(median(handRates)), 12)
                    + pad(format(median(minimalRates)), 12) + pad(format(versusJSON) + "x", 9)
                    + pad(format(versusHand) + "x", 9) + pad(format(minimalVersusHand) + "x", 10) + format(versusMinimal) + "x")
            }
        }
    }
}
