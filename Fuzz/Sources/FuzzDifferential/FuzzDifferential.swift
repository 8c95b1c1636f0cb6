// libFuzzer entry points of FuzzDifferential: the input is a choice sequence generating one
// case that runs through the mappers as `crossfire run` runs it (`DifferentialFuzzTarget`);
// an unexpected finding is reported and aborts, so libFuzzer saves the input as crash-*.
// Mutation works on the choice sequence (`ChoiceMutator`).
import Crossfire
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferentialTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let report = DifferentialFuzzTarget.standard.check(UnsafeBufferPointer(start: data, count: size)).report else { return 0 }
    FuzzVerdict.writeToStandardError(report)
    abort()
}

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzDifferentialCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt) -> Int {
    guard let data else { return 0 }
    return ChoiceMutator(runner: DifferentialFuzzTarget.standard.runner).mutate(data, size: size, maxSize: maxSize, seed: seed)
}
