// libFuzzer entry points of FuzzDifferential: the input is a choice sequence generating one
// case that runs through the mappers as `crossfire run` runs it (`DifferentialFuzzTarget`);
// a finding of a new unexpected class (none of `KnownClasses.fromEnvironment`) is reported and
// aborts, so libFuzzer saves the input as crash-*.
// Mutation and crossover work on the choice sequence (`ChoiceMutator`, `ChoiceCrossOver`),
// sharing the target's cache of generated cases.
import Crossfire
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerInitialize")
public func fuzzDifferentialInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    if let arguments = argv?.pointee { FuzzProcessEnvironment.ensure(arguments: arguments) }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferentialTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let verdict = DifferentialFuzzTarget.standard.check(UnsafeBufferPointer(start: data, count: size), known: KnownClasses.fromEnvironment)
    guard let report = verdict.report else { return 0 }
    FuzzVerdict.writeToStandardError(report)
    abort()
}

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzDifferentialCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt) -> Int {
    guard let data else { return 0 }
    return DifferentialFuzzTarget.standard.mutator.mutate(data, size: size, maxSize: maxSize, seed: seed)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func fuzzDifferentialCustomCrossOver(
    _ first: UnsafePointer<UInt8>?, _ firstSize: Int, _ second: UnsafePointer<UInt8>?, _ secondSize: Int,
    _ output: UnsafeMutablePointer<UInt8>?, _ maxOutputSize: Int, _ seed: CUnsignedInt
) -> Int {
    guard let output else { return 0 }
    return ChoiceCrossOver(mutator: DifferentialFuzzTarget.standard.mutator).cross(
        UnsafeBufferPointer(start: first, count: firstSize), UnsafeBufferPointer(start: second, count: secondSize),
        into: output, maxSize: maxOutputSize, seed: seed)
}
