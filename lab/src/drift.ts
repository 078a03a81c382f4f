console.log('drift: not yet');
