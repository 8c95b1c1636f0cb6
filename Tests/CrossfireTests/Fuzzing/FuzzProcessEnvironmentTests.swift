import Crossfire
import Testing

/// What a fuzz binary sets before it executes itself again (`FuzzProcessEnvironment`).
@Suite struct FuzzProcessEnvironmentTests {
    @Test("a bare environment gets all three variables")
    func bare() {
        let missing = FuzzProcessEnvironment.missing(in: [:])
        #expect(missing.map(\.name) == ["SWIFT_BACKTRACE", "SWIFT_DETERMINISTIC_HASHING", "ASAN_OPTIONS"])
        #expect(missing.map(\.value) == ["enable=no", "1", "detect_leaks=0"])
    }

    @Test("the environment make fuzz gives needs nothing, and a runner's ASan options are kept, with its own leak setting")
    func kept() {
        #expect(FuzzProcessEnvironment.missing(in: ["SWIFT_BACKTRACE": "enable=no", "SWIFT_DETERMINISTIC_HASHING": "1",
                                                    "ASAN_OPTIONS": "detect_leaks=0:malloc_context_size=0"]).isEmpty)
        #expect(FuzzProcessEnvironment.missing(in: ["SWIFT_BACKTRACE": "enable=no", "SWIFT_DETERMINISTIC_HASHING": "1",
                                                    "ASAN_OPTIONS": "detect_leaks=1"]).isEmpty)
        let added = FuzzProcessEnvironment.missing(in: ["SWIFT_BACKTRACE": "enable=yes", "SWIFT_DETERMINISTIC_HASHING": "1",
                                                        "ASAN_OPTIONS": "handle_abort=1:symbolize=0"])
        #expect(added.map(\.name) == ["SWIFT_BACKTRACE", "ASAN_OPTIONS"])
        #expect(added.last?.value == "handle_abort=1:symbolize=0:detect_leaks=0")
    }
}
