mod write;
