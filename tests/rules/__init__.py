"""Tests of the pure rules engine (ogre/rules): one test module per FEATURES.md section."""
