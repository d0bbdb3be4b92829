// The library in one import: the pipeline's stages, each its own module (see Package.swift and
// docs/decisions/0021-pipeline-targets.md).
@_exported import LifelintAnalysis
@_exported import LifelintBytes
@_exported import LifelintIngestion
@_exported import LifelintModel
@_exported import LifelintReports
